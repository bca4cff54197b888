-- vital_values held a row per distinct value (0020, 0033): nearly a row per sample at a few thousand
-- `web_vitals` hits a day, each upserted on its own by the fold, the costliest statement of
-- vital_histograms. Here a row holds every value of one period, device type, vital and bucket,
-- ascending, with their counts in the same order: a bucket holds few distinct values (4 % of the
-- range around it, whole milliseconds, CLS to four decimals), so its row stays small, and the fold
-- writes about as many rows as to vital_buckets. A percentile's bucket is still one index range
-- per period, now of rows whose arrays are unnested.
CREATE TABLE vital_values_by_bucket (
  site_id bigint NOT NULL,
  vital text NOT NULL,
  bucket integer NOT NULL,
  span smallint NOT NULL,
  start timestamptz NOT NULL,
  device text,
  vals real[] NOT NULL,
  counts integer[] NOT NULL,
  CONSTRAINT vital_values_by_bucket_key UNIQUE NULLS NOT DISTINCT (site_id, vital, bucket, span, start, device)
) WITH (fillfactor = 70);
-- Every batch rewrites its buckets' rows: room on the page keeps the new version there.

INSERT INTO vital_values_by_bucket (site_id, vital, bucket, span, start, device, vals, counts)
SELECT site_id, vital, bucket, span, start, device, array_agg(value ORDER BY value), array_agg(samples ORDER BY value)
FROM vital_values GROUP BY 1, 2, 3, 4, 5, 6;

DROP TABLE vital_values;
ALTER TABLE vital_values_by_bucket RENAME TO vital_values;
ALTER INDEX vital_values_by_bucket_key RENAME TO vital_values_key;
