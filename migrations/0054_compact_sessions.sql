-- Projection raw_events: `sessions` rewritten without the attributes no read of it uses, and with
-- its fixed-width columns first (docs/benchmarks.md#storage), as 0053 did for `events`.
--
-- Dropped: `region`, `city`, `os` and `screen`, the first hit's: the session reads give channel,
-- source, country, device and browser, and a filter on the others matches the session's hits,
-- which keep them (`events`). The fold no longer writes them here; the stream keeps every hit, so a
-- later read that needs them adds the columns and rebuilds the projection.
--
-- Order: the timestamps and counts first, each on its own boundary without padding after an
-- odd-length text (three paddings of up to 7 bytes a row before), then the uuids and the texts.
-- The copy locks the table (docs/operations.md#upgrades-that-rewrite-a-table).
CREATE TABLE sessions_compact (
  site_id bigint NOT NULL,
  started_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  entry_at timestamptz,
  exit_at timestamptz,
  pageviews integer NOT NULL,
  events integer NOT NULL,
  interactive integer NOT NULL,
  id uuid NOT NULL,
  last_pageview_id uuid,
  visitor_id text NOT NULL,
  entry_path text,
  exit_path text,
  channel text,
  referrer_source text,
  utm_medium text,
  utm_campaign text,
  utm_term text,
  utm_content text,
  referrer text,
  country text,
  device text,
  browser text,
  identity text
);

LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE;

INSERT INTO sessions_compact (
  site_id, started_at, last_seen_at, entry_at, exit_at, pageviews, events, interactive, id,
  last_pageview_id, visitor_id, entry_path, exit_path, channel, referrer_source, utm_medium,
  utm_campaign, utm_term, utm_content, referrer, country, device, browser, identity)
SELECT
  site_id, started_at, last_seen_at, entry_at, exit_at, pageviews, events, interactive, id,
  last_pageview_id, visitor_id, entry_path, exit_path, channel, referrer_source, utm_medium,
  utm_campaign, utm_term, utm_content, referrer, country, device, browser, identity
FROM sessions ORDER BY ctid;

DROP TABLE sessions;
ALTER TABLE sessions_compact RENAME TO sessions;

-- The key and indexes of 0004, as they were.
ALTER TABLE sessions ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);
CREATE INDEX sessions_visitor ON sessions (visitor_id, last_seen_at);
CREATE INDEX sessions_site_start ON sessions (site_id, started_at);
