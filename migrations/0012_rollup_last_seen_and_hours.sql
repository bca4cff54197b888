-- Projection rollup_minute, for exact visitors and short reads over long windows:
-- 1. it also counts each visitor once in the minute of its LAST hit. A visitor id lives one UTC
--    day, so the visitors of a span that ends at a UTC midnight are the ids whose last hit lies in
--    it, as those of a span that starts at a UTC midnight are the ids whose first hit does: every
--    day, week or month bucket, in any time zone, sums exactly from rollups;
-- 2. it keeps the same counters per hour (`rollup_hour`, each row the sum of its 60 minute rows),
--    so a 30-day window sums 720 rows instead of 43,200.
ALTER TABLE rollup_minute ADD COLUMN visitors_last bigint NOT NULL DEFAULT 0;
ALTER TABLE rollup_visitor_state ADD COLUMN last_seen_at timestamptz;

-- Backfill from the projection's own session state, which holds a session for every hit: a
-- visitor's last hit ends its latest session. The same figures as a rebuild from the stream.
UPDATE rollup_visitor_state v SET last_seen_at = s.last_seen_at
FROM (SELECT site_id, visitor_id, max(last_seen_at) AS last_seen_at FROM rollup_session_state GROUP BY 1, 2) s
WHERE s.site_id = v.site_id AND s.visitor_id = v.visitor_id;
-- Unreachable (every visitor has a session), but the column must not stay NULL.
UPDATE rollup_visitor_state SET last_seen_at = first_seen_at WHERE last_seen_at IS NULL;
ALTER TABLE rollup_visitor_state ALTER COLUMN last_seen_at SET NOT NULL;

INSERT INTO rollup_minute AS r (site_id, audience, minute, visitors_last)
SELECT site_id, 'human', date_trunc('minute', last_seen_at, 'UTC'), count(*)
FROM rollup_visitor_state GROUP BY 1, 3
ON CONFLICT (site_id, audience, minute) DO UPDATE SET visitors_last = excluded.visitors_last;

CREATE TABLE rollup_hour (
  site_id bigint NOT NULL,
  audience text NOT NULL,
  hour timestamptz NOT NULL,
  pageviews bigint NOT NULL DEFAULT 0,
  events bigint NOT NULL DEFAULT 0,
  visitors bigint NOT NULL DEFAULT 0,
  visitors_last bigint NOT NULL DEFAULT 0,
  sessions bigint NOT NULL DEFAULT 0,
  bounces bigint NOT NULL DEFAULT 0,
  duration_ms bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, audience, hour)
);

INSERT INTO rollup_hour (site_id, audience, hour, pageviews, events, visitors, visitors_last, sessions, bounces,
  duration_ms)
SELECT site_id, audience, date_trunc('hour', minute, 'UTC'), sum(pageviews), sum(events), sum(visitors),
  sum(visitors_last), sum(sessions), sum(bounces), sum(duration_ms)
FROM rollup_minute GROUP BY 1, 2, 3;
