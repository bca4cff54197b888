-- Saved segments: a named filter tree of one site, merged into a read's `filters` by `segment=<id>`.
-- `filters` holds the tree as the filters parser returned it (a top-level array already an `and` group).
CREATE TABLE segments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  name text NOT NULL,
  filters jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT segments_site_name_key UNIQUE (site_id, name)
);
