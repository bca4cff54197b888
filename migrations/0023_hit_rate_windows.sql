-- Fixed-window counters of the high-rate limits (ingest hits, edge shipments), shared by every API
-- instance. UNLOGGED: they are written for nearly every hit and live a minute, so they skip the
-- WAL; a Postgres crash empties them, which at worst lets one window start again from zero.
-- `subject` is the first 8 bytes of the keyed address digest (src/ratelimit/address.ts): never an
-- address, and without the installation's key nobody can find two addresses that share one.
CREATE UNLOGGED TABLE hit_rate_windows (
  bucket text NOT NULL,
  subject bigint NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, subject, window_start)
);

-- Ingest and edge counters written before this migration lived with the auth limits.
DELETE FROM rate_limit_windows WHERE bucket LIKE 'ingest:%' OR bucket LIKE 'edge:%';
