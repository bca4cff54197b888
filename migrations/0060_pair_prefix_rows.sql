-- The pairs gained rows per directory prefix of a pageview's path (`dim` 20), which goals on
-- `<dir>/*` under one filter value read: days counted before them have none, so every day is
-- listed as not counted and the job (src/pairs/count-due-days.ts) counts it again, newest first.
DELETE FROM dimension_pair_days;
