-- Pair rollups of closed UTC days (src/pairs/): the dashboard's click-to-filter (one dimension
-- `is` one value, the filter dimension `fdim`/`fvalue`) with every breakdown dimension (`dim`,
-- `value`; NULL for hits without one), per site and UTC day, counted by a job from the raw rows
-- once a day has closed. `dim` is a dimension_rollup code (0, `all`, for the filter value's own
-- totals). Visitor ids live one UTC day, so a day's distinct visitors add up over days exactly.
CREATE TABLE dimension_pairs (
  site_id bigint NOT NULL,
  day date NOT NULL,
  pageviews integer NOT NULL,
  events integer NOT NULL,
  visitors integer NOT NULL,
  fdim smallint NOT NULL,
  dim smallint NOT NULL,
  fvalue text NOT NULL,
  value text,
  -- On pathname rows (and on `all` rows under a pathname filter): the sessions started that day
  -- with a hit with the filter value that entered (exited) on the page, and the pageviews'
  -- engagement; on `all` rows: those sessions, their bounces and summed duration. NULL elsewhere,
  -- which costs a row nothing.
  entries integer,
  exits integer,
  scroll_n integer,
  engaged_n integer,
  sessions integer,
  bounces integer,
  scroll bigint,
  engaged_ms bigint,
  duration_ms bigint
);
-- A read takes one filter value's rows of each day; a recount replaces one day's range; days
-- written in order append to the index. The value as its hash (rows compared in full after): the
-- texts in the key took 85 B a row, more than the heap. A count writes each key once.
CREATE INDEX dimension_pairs_value ON dimension_pairs (site_id, day, fdim, hashtext(fvalue));

-- The days whose pairs are complete. The raw_events fold deletes a day's row when it stores a hit
-- of that day (or of a session started that day) after the job counted it: a late edge row, a
-- backfill, a session running past midnight. Reads take only the days listed here.
CREATE TABLE dimension_pair_days (
  site_id bigint NOT NULL,
  day date NOT NULL,
  counted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, day)
);
