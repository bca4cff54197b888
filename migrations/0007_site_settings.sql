-- Paths whose hits are dropped (`*` matches any characters), and whether a visitor's
-- Do-Not-Track / Global Privacy Control signal drops their hits.
ALTER TABLE sites
  ADD COLUMN excluded_paths text[] NOT NULL DEFAULT '{}',
  ADD COLUMN respect_dnt boolean NOT NULL DEFAULT false;
