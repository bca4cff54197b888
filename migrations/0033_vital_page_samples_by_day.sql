-- vital_page_samples held a row per sample (0028) with a covering index of all its columns: about
-- 180 bytes a sample, the most of any table per event but `events`. Here a row holds the samples
-- of one page, vital, bucket and UTC day: their values and their times (milliseconds into the
-- day, for a window's edges), in the same order. A percentile's bucket is still one index range
-- per page and vital, now of day rows whose arrays are unnested, and the key is the only index.
CREATE TABLE vital_page_samples_by_day (
  site_id bigint NOT NULL,
  pathname text NOT NULL,
  vital text NOT NULL,
  bucket integer NOT NULL,
  day timestamptz NOT NULL,
  ms integer[] NOT NULL,
  vals real[] NOT NULL,
  PRIMARY KEY (site_id, pathname, vital, bucket, day)
) WITH (fillfactor = 70);
-- Every batch appends to its days' rows: room on the page keeps the new version there.

INSERT INTO vital_page_samples_by_day (site_id, pathname, vital, bucket, day, ms, vals)
SELECT site_id, pathname, vital, bucket, date_trunc('day', ts, 'UTC'),
  array_agg((extract(epoch FROM ts - date_trunc('day', ts, 'UTC')) * 1000)::int ORDER BY ts, value),
  array_agg(value ORDER BY ts, value)
FROM vital_page_samples GROUP BY 1, 2, 3, 4, 5;

DROP TABLE vital_page_samples;
ALTER TABLE vital_page_samples_by_day RENAME TO vital_page_samples;
ALTER INDEX vital_page_samples_by_day_pkey RENAME TO vital_page_samples_pkey;
