-- Projection path_sessions: a funnel's step 1 on a path without reading a window's pageviews. A
-- step `/docs/*` matches a third of a site's pageviews; counting its distinct sessions from them
-- means sorting a month of session ids. Here a set of sessions is a bit string, as path_visitors
-- keeps visitors (migrations 0019, 0021), and the union over a window's days and paths is an OR.

-- The projection's own session state (it sessionizes on its own, as rollup_minute does), so its
-- session ids are those of raw_events' `events.session_id`: the id of each session's first event.
CREATE TABLE path_session_state (LIKE rollup_session_state INCLUDING DEFAULTS);
ALTER TABLE path_session_state ADD PRIMARY KEY (id);
CREATE INDEX path_session_state_visitor ON path_session_state (visitor_id, last_seen_at);

-- Each session of a site with a pageview, numbered from 0 in the order of its first pageview; the
-- next new session takes the site's highest number plus one.
CREATE TABLE path_session_numbers (
  site_id bigint NOT NULL,
  session_id uuid NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (session_id) INCLUDE (n),
  CONSTRAINT path_session_numbers_n_key UNIQUE (site_id, n)
);

-- Per UTC day, pathname and block of 4096 session numbers: the sessions with a pageview of the
-- path that day (bit n mod 4096 of block n / 4096; bit 0 leftmost). Sessions are numbered as they
-- start, so a day's sessions fill a few neighbouring blocks.
CREATE TABLE path_sessions_day (
  site_id bigint NOT NULL,
  day timestamptz NOT NULL,
  pathname text NOT NULL,
  block integer NOT NULL,
  sessions bit(4096) NOT NULL,
  PRIMARY KEY (site_id, day, pathname, block)
) WITH (fillfactor = 50);
-- Every batch rewrites its day's rows: room on the page keeps the new versions there (as 0019).
CREATE INDEX path_sessions_day_path ON path_sessions_day (site_id, pathname text_pattern_ops, day);

-- The same per directory prefix of the path (`/docs/a/b`: `/docs/`, `/docs/a/`), for a step `<dir>/*`.
CREATE TABLE path_prefix_sessions_day (
  site_id bigint NOT NULL,
  day timestamptz NOT NULL,
  prefix text NOT NULL,
  block integer NOT NULL,
  sessions bit(4096) NOT NULL,
  PRIMARY KEY (site_id, prefix, day, block)
) WITH (fillfactor = 50);

-- Each pageview with its session's number, for the parts of days at a window's edges.
CREATE TABLE path_session_hits (
  site_id bigint NOT NULL,
  ts timestamptz NOT NULL,
  pathname text NOT NULL,
  n integer NOT NULL
);
CREATE INDEX path_session_hits_site_ts ON path_session_hits (site_id, ts) INCLUDE (pathname, n);
