-- Projection vital_histograms: what the performance read needs (docs/api.md#get-apistatsperformance)
-- without sorting
-- every Web Vitals value of a window. Exact nearest-rank percentiles need the rank of each value,
-- so these are histograms of the stored values (the `real` of `events`, so the same numbers), in
-- two levels: a percentile's bucket is found from the bucket counts, then its value from the
-- value counts of that one bucket. Buckets are ranges of values growing by 4 % (projections/
-- vital-histograms/buckets.ts); changing them means `twofold projections rebuild --only vital_histograms`.
--
-- Every row is kept twice, for its UTC day (`span` 1, `start` its midnight) and its ISO week
-- (`span` 7, `start` its Monday, UTC): a 30-day window reads four weeks and a few days.
-- `device` is the hit's device type (NULL when unknown, one group of its own).

-- Per period, device type, vital and bucket: the values reported.
CREATE TABLE vital_buckets (
  site_id bigint NOT NULL,
  span smallint NOT NULL,
  start timestamptz NOT NULL,
  vital text NOT NULL,
  device text,
  bucket integer NOT NULL,
  samples integer NOT NULL,
  CONSTRAINT vital_buckets_key UNIQUE NULLS NOT DISTINCT (site_id, span, start, vital, device, bucket)
);

-- Per vital, bucket, period, device type and value: how many times the value was reported. A
-- percentile reads the rows of one bucket.
CREATE TABLE vital_values (
  site_id bigint NOT NULL,
  vital text NOT NULL,
  bucket integer NOT NULL,
  span smallint NOT NULL,
  start timestamptz NOT NULL,
  device text,
  value real NOT NULL,
  samples integer NOT NULL,
  CONSTRAINT vital_values_key UNIQUE NULLS NOT DISTINCT (site_id, vital, bucket, span, start, device, value)
);

-- Per period, page and device type: the `web_vitals` hits (a read's `samples`, and the ranking of
-- pages and device types).
CREATE TABLE vital_hits (
  site_id bigint NOT NULL,
  span smallint NOT NULL,
  start timestamptz NOT NULL,
  pathname text NOT NULL,
  device text,
  hits integer NOT NULL,
  CONSTRAINT vital_hits_key UNIQUE NULLS NOT DISTINCT (site_id, span, start, pathname, device)
);
