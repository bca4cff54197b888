-- Every keyed hit's (site, key) and the stream sequence and hit time of the message that carried it
-- (src/projector/repeated-hits.ts): a hit whose key an earlier sequence carried within the window
-- is a client's retry of a hit already stored, and no projection folds it. Pruned by time per site.
CREATE TABLE hit_keys (
  site_id integer NOT NULL,
  key text COLLATE "C" NOT NULL,
  seq bigint NOT NULL,
  ts bigint NOT NULL,
  PRIMARY KEY (site_id, key, seq)
);
CREATE INDEX hit_keys_site_ts ON hit_keys (site_id, ts);
