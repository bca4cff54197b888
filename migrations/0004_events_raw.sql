-- Projection raw_events: one row per human hit, and the sessions they form.
CREATE TABLE events (
  id uuid PRIMARY KEY,
  seq bigint NOT NULL,
  site_id bigint NOT NULL,
  ts timestamptz NOT NULL,
  kind text NOT NULL,
  source text NOT NULL,
  name text,
  hostname text NOT NULL,
  pathname text NOT NULL,
  query text,
  referrer text,
  visitor_id text NOT NULL,
  session_id uuid NOT NULL
);
CREATE INDEX events_site_ts ON events (site_id, ts);
CREATE INDEX events_session ON events (session_id);

-- A session ends after 30 minutes without a hit; its id is the id of its first event.
CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  site_id bigint NOT NULL,
  visitor_id text NOT NULL,
  started_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  pageviews integer NOT NULL,
  events integer NOT NULL,
  interactive integer NOT NULL,
  entry_path text,
  entry_at timestamptz,
  exit_path text,
  exit_at timestamptz
);
CREATE INDEX sessions_visitor ON sessions (visitor_id, last_seen_at);
CREATE INDEX sessions_site_start ON sessions (site_id, started_at);
