-- Projection path_visitors: what a path goal counts (docs/api.md#get-apistatsgoals), without reading
-- a window's
-- pageviews. A goal on `/docs/*` matches a third of a site's pageviews; counting its distinct
-- visitors from them means sorting a month of visitor ids. Here a set of visitors is a bit string
-- instead, and the union over a window's days and matching paths is a bitwise OR.
-- `path_visitor_numbers`: each visitor id of a site, numbered from 0 in the order of its first
-- pageview; the next new visitor takes the site's highest number plus one.
CREATE TABLE path_visitor_numbers (
  site_id bigint NOT NULL,
  visitor_id text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (site_id, visitor_id) INCLUDE (n),
  CONSTRAINT path_visitor_numbers_n_key UNIQUE (site_id, n)
);

-- Per UTC day, pathname and block of 4096 visitor numbers: the visitors with a pageview of the path
-- that day (bit n mod 4096 of block n / 4096; bit 0 leftmost) and the pageviews of those of them.
CREATE TABLE path_visitors_day (
  site_id bigint NOT NULL,
  day timestamptz NOT NULL,
  pathname text NOT NULL,
  block integer NOT NULL,
  visitors bit(4096) NOT NULL,
  pageviews integer NOT NULL,
  PRIMARY KEY (site_id, day, pathname, block)
) WITH (fillfactor = 50);
-- Every batch rewrites its day's rows (half a kilobyte each): room on the page lets the new
-- version stay there (no indexed column changes), so the table does not swell with dead rows.
-- A goal's paths (a `/docs/*` pattern is a range) over the window's days, without the other paths' rows.
CREATE INDEX path_visitors_day_path ON path_visitors_day (site_id, pathname text_pattern_ops, day);

-- Each pageview with its visitor's number, for the parts of days at a window's edges: a window in
-- a zone off UTC starts and ends inside UTC days, and reading those hours here is one index range
-- with no look-up of each visitor's number.
CREATE TABLE path_visitor_hits (
  site_id bigint NOT NULL,
  ts timestamptz NOT NULL,
  pathname text NOT NULL,
  n integer NOT NULL
);
CREATE INDEX path_visitor_hits_site_ts ON path_visitor_hits (site_id, ts) INCLUDE (pathname, n);
