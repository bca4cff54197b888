-- Checkpoints by fold unit: a partition of the stream (0 … partitions − 1), or -1 for the whole
-- stream read without partitions (the messages appended before subjects carried one, and rebuilds).
-- Existing rows become the -1 unit's: what they covered stays folded.
ALTER TABLE projection_checkpoints ADD COLUMN part smallint NOT NULL DEFAULT -1;
ALTER TABLE projection_checkpoints DROP CONSTRAINT projection_checkpoints_pkey;
ALTER TABLE projection_checkpoints ADD PRIMARY KEY (name, part);

-- How many partitions the installation's subjects carry: written at first start, never changed, as
-- a site's partition must stay the same for the life of the stream.
CREATE TABLE stream_layout (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  partitions smallint NOT NULL CHECK (partitions BETWEEN 1 AND 1024)
);
