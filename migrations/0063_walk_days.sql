-- Journeys' walks of closed UTC days (src/pairs/count-day.ts): per site and day, each distinct walk
-- (the first pageviews' paths of a session started that day, as path_session_walks keeps them) with
-- its sessions, counted with the day's pair rollups and listed with them in dimension_pair_days.
-- The journeys from entry pages sum a window's counted days here and read the rest of it from
-- path_session_walks. Days counted before this table have no walks: they are counted again.
CREATE TABLE walk_days (
  site_id bigint NOT NULL,
  day date NOT NULL,
  sessions integer NOT NULL,
  paths text[] NOT NULL
);
CREATE INDEX walk_days_day ON walk_days (site_id, day);
DELETE FROM dimension_pair_days;
