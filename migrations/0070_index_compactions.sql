-- When each large index was last rebuilt compact (src/retention/compact-indexes.ts) and its bytes a
-- row right after: the job rebuilds an index again once it has grown well past that density.
CREATE TABLE index_compactions (
  index_name text PRIMARY KEY,
  rebuilt_at timestamptz NOT NULL,
  bytes_per_row double precision NOT NULL
);
