-- The rollup counters per UTC quarter hour as well: every time zone in use is a whole number of
-- quarter hours off UTC, so a window in a zone whose local days start at :30 or :45 sums its whole
-- hours from rollup_hour, its ragged quarter hours from here and no minute rows at all. Each row is
-- the sum of its minute rows; the rollup_minute projection keeps it (projections/rollup-minute/grains.ts).
CREATE TABLE rollup_quarter_hour (LIKE rollup_hour INCLUDING DEFAULTS);
ALTER TABLE rollup_quarter_hour RENAME COLUMN hour TO quarter_hour;
ALTER TABLE rollup_quarter_hour ADD PRIMARY KEY (site_id, audience, quarter_hour);

INSERT INTO rollup_quarter_hour (site_id, audience, quarter_hour, pageviews, events, visitors, visitors_last,
  sessions, bounces, duration_ms)
SELECT site_id, audience, date_bin('15 minutes', minute, TIMESTAMPTZ '2000-01-01 00:00+00'), sum(pageviews),
  sum(events), sum(visitors), sum(visitors_last), sum(sessions), sum(bounces), sum(duration_ms)
FROM rollup_minute GROUP BY 1, 2, 3;
