-- vital_histograms per page (issue 7): the performance read lists 100 pages, each with its own
-- exact nearest-rank percentiles. Sorting each listed page's hits of the window was most of the
-- read; here, as for the whole site (0020), the rank ⌈p·n⌉ is located in bucket counts, then the
-- value in that one bucket. Per page, distinct values do not shrink the data (a page's week holds
-- about half as many distinct values as samples), so the two levels differ from 0020's: the bucket
-- counts are one array per row, and the values of a bucket are the samples themselves, one index
-- range per bucket and window.

-- Per page, period (as in 0020: `span` 1 its UTC day, 7 its ISO week, from `start`) and vital: the
-- samples per bucket (projections/vital-histograms/buckets.ts), `counts[i]` those of bucket
-- `first + i - 1`, from the lowest bucket with a sample to the highest. 100 pages × 5 vitals over
-- four weeks and a few days are a few thousand rows.
CREATE TABLE vital_page_buckets (
  site_id bigint NOT NULL,
  pathname text NOT NULL,
  span smallint NOT NULL,
  start timestamptz NOT NULL,
  vital text NOT NULL,
  first integer NOT NULL,
  counts integer[] NOT NULL,
  PRIMARY KEY (site_id, pathname, span, start, vital)
) WITH (fillfactor = 70);
-- Every batch rewrites its pages' rows (a few hundred bytes each): room on the page keeps the new
-- version there (no indexed column changes).

-- Each vital a `web_vitals` hit reported (its stored `real`, as in `events`), with its page,
-- bucket and time: the values of one page's bucket in any window (edges included) are one index
-- range, read without the table.
CREATE TABLE vital_page_samples (
  site_id bigint NOT NULL,
  pathname text NOT NULL,
  vital text NOT NULL,
  bucket integer NOT NULL,
  ts timestamptz NOT NULL,
  value real NOT NULL
);
CREATE INDEX vital_page_samples_bucket ON vital_page_samples (site_id, pathname, vital, bucket, ts) INCLUDE (value);

-- The value counts of a percentile's bucket (vital_values, 0020) were read row by row from the
-- table: a 30-day window's 49 buckets are some 90k rows, each a heap fetch. With the counts in the
-- key's index, they are one index range each, read without the table.
ALTER TABLE vital_values DROP CONSTRAINT vital_values_key,
  ADD CONSTRAINT vital_values_key UNIQUE NULLS NOT DISTINCT (site_id, vital, bucket, span, start, device, value)
  INCLUDE (samples);
