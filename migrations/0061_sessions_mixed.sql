-- Projection raw_events: whether some hit of a session may hold a channel, source, campaign,
-- country, device or browser other than its row's (a hit from another place or device than the
-- first, or hits stored before a late hit re-attributed the session). Filters on those dimensions
-- read a session's row unless it is mixed (src/read/envelope/filter-sql.ts). Sessions folded
-- before this column get it from their hits, in one pass that rewrites the table.
ALTER TABLE sessions ADD COLUMN mixed boolean;
UPDATE sessions s SET mixed = EXISTS (
  SELECT 1 FROM events e
  WHERE e.session_id = s.id
    AND (e.channel IS DISTINCT FROM s.channel OR e.referrer_source IS DISTINCT FROM s.referrer_source
      OR e.utm_medium IS DISTINCT FROM s.utm_medium OR e.utm_campaign IS DISTINCT FROM s.utm_campaign
      OR e.utm_term IS DISTINCT FROM s.utm_term OR e.utm_content IS DISTINCT FROM s.utm_content
      OR e.country IS DISTINCT FROM s.country OR e.device IS DISTINCT FROM s.device
      OR e.browser IS DISTINCT FROM s.browser));
ALTER TABLE sessions ALTER COLUMN mixed SET NOT NULL;
