-- The last stream sequence folded by each projection, written in the same transaction as its rows.
CREATE TABLE projection_checkpoints (
  name text PRIMARY KEY,
  last_seq bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
