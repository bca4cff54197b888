-- Projection dimension_rollup: breakdowns, the People panels, pages and custom events of people's
-- hits without reading a window's hits. Per site, dimension and value, counters at three UTC grains
-- (`grain` in minutes: 1440 a day, 60 an hour, 15 a quarter hour, as every zone's day starts on a
-- quarter hour); a window sums its whole days, its edges' hours, then quarter hours. `dim` is the
-- small code of projections/dimension-rollup/dimensions.ts; `value` is NULL for hits without one.
-- A visitor id lives one UTC day: it counts once in `visitors` (the unit of its first hit with the
-- value that day) and once in `visitors_last` (of its last), so a span from or to a UTC midnight
-- counts distinct visitors exactly.
CREATE TABLE dimension_rollup (
  site_id bigint NOT NULL,
  at timestamptz NOT NULL,
  pageviews integer NOT NULL,
  events integer NOT NULL,
  visitors integer NOT NULL,
  visitors_last integer NOT NULL,
  grain smallint NOT NULL,
  dim smallint NOT NULL,
  value text
);
CREATE UNIQUE INDEX dimension_rollup_key ON dimension_rollup (site_id, dim, grain, at, value) NULLS NOT DISTINCT;

-- Custom events' property values, per event name and key (the Events panel's second level).
CREATE TABLE event_property_rollup (
  site_id bigint NOT NULL,
  at timestamptz NOT NULL,
  events integer NOT NULL,
  visitors integer NOT NULL,
  visitors_last integer NOT NULL,
  grain smallint NOT NULL,
  name text NOT NULL,
  key text NOT NULL,
  value text NOT NULL
);
CREATE UNIQUE INDEX event_property_rollup_key ON event_property_rollup (site_id, name, key, grain, at, value);

-- The Pages panel's session and engagement figures per pathname: sessions by entry and exit page
-- in the unit their session started; pageviews' maximum scroll and engaged time, summed with how
-- many pageviews reported one, in the unit of the pageview.
CREATE TABLE page_rollup (
  site_id bigint NOT NULL,
  at timestamptz NOT NULL,
  engaged_ms bigint NOT NULL,
  entries integer NOT NULL,
  exits integer NOT NULL,
  scroll integer NOT NULL,
  scroll_n integer NOT NULL,
  engaged_n integer NOT NULL,
  grain smallint NOT NULL,
  pathname text NOT NULL,
  PRIMARY KEY (site_id, grain, at, pathname)
);

-- Per UTC day, site and visitor id: for each dimension and value the visitor had that day, the
-- quarter hours (0–95) of its first and last hit with it, as {"<dim>=<value>": [first, last]}
-- (`<dim>` alone for no value): one row a visitor day, rewritten when a hit moves a span. Kept for
-- the newest folded day and the one before (day first in the key, so pruning older days is one
-- range of the index).
CREATE TABLE dimension_visitor_state (
  site_id bigint NOT NULL,
  day integer NOT NULL,
  visitor_id text NOT NULL,
  spans jsonb NOT NULL,
  PRIMARY KEY (day, site_id, visitor_id)
);

-- The projection's own sessions (it sessionizes as raw_events does, so a hit's channel, source and
-- campaign are its session's), with the engagement its last pageview reported so far.
CREATE TABLE dimension_session_state (LIKE sessions INCLUDING DEFAULTS);
ALTER TABLE dimension_session_state
  ADD PRIMARY KEY (id),
  ADD COLUMN last_scroll integer,
  ADD COLUMN last_engaged boolean NOT NULL DEFAULT false;
CREATE INDEX dimension_session_state_visitor ON dimension_session_state (visitor_id, last_seen_at);
CREATE INDEX dimension_session_state_started ON dimension_session_state (started_at);
