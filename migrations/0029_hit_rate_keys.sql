-- The high-rate limits' counters keyed by one bigint and an integer window instead of (bucket text,
-- subject bigint, window_start timestamptz): a row is written for nearly every hit, and the narrower
-- key cost Postgres 8.3 µs a row against 11.5 in a measured upsert of 20 rows (src/ratelimit/
-- batched-window.ts). `k` is the first 8 bytes of the keyed address digest XOR the first 8 of
-- SHA-256(bucket): still never an address, and two (bucket, address) pairs share a key only by a
-- 64-bit accident that nobody without the installation's key can arrange. `w` is the window's start
-- in Unix seconds. The counters live a minute and the table is unlogged: recreating it empties at
-- most the window under way, as a Postgres crash would.
DROP TABLE hit_rate_windows;
CREATE UNLOGGED TABLE hit_rate_windows (
  k bigint NOT NULL,
  w integer NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (k, w)
);
