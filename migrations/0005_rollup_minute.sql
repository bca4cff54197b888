-- Projection rollup_minute: per-minute counters that every window sums.
-- `sessions`, `bounces` and `duration_ms` belong to the minute a session started;
-- `visitors` counts a visitor once, in the minute of its first hit (visitor ids change daily).
CREATE TABLE rollup_minute (
  site_id bigint NOT NULL,
  audience text NOT NULL,
  minute timestamptz NOT NULL,
  pageviews bigint NOT NULL DEFAULT 0,
  events bigint NOT NULL DEFAULT 0,
  visitors bigint NOT NULL DEFAULT 0,
  sessions bigint NOT NULL DEFAULT 0,
  bounces bigint NOT NULL DEFAULT 0,
  duration_ms bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, audience, minute)
);

-- The projection's own session and visitor state, so it folds without reading another projection.
CREATE TABLE rollup_session_state (
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
CREATE INDEX rollup_session_state_visitor ON rollup_session_state (visitor_id, last_seen_at);

CREATE TABLE rollup_visitor_state (
  site_id bigint NOT NULL,
  visitor_id text NOT NULL,
  first_seen_at timestamptz NOT NULL,
  PRIMARY KEY (site_id, visitor_id)
);
