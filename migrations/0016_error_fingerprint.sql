-- Error groups (docs/api.md#get-apistatserrors): the raw_events projection puts each error hit's
-- fingerprint and
-- top stack frame on its row when folding, so a changed rule reaches history through
-- `twofold projections rebuild --only raw_events`. Rows folded before this migration have none
-- until that rebuild.
ALTER TABLE events
  ADD COLUMN error_fingerprint text,
  ADD COLUMN error_frame jsonb;

-- /api/stats/errors: a site's error hits in a window, with what the counts read (the group and
-- the session), so neither way of grouping them visits the table: by time (a window much
-- shorter than the site's history) …
CREATE INDEX events_errors ON events (site_id, ts) INCLUDE (error_fingerprint, session_id)
  WHERE kind = 'error';
-- … or already by group (a window holding most of it); also each listed group's latest hit.
CREATE INDEX events_error_groups ON events (site_id, error_fingerprint, ts) INCLUDE (session_id)
  WHERE kind = 'error';

-- /api/stats/performance: a window's Web Vitals hits with everything the percentiles group by …
CREATE INDEX events_web_vitals ON events (site_id, ts) INCLUDE (pathname, device, lcp, cls, inp, fcp, ttfb)
  WHERE kind = 'web_vitals';
-- … and one listed page's hits, already apart from the other pages' (no sort of the window by path).
CREATE INDEX events_web_vitals_pages ON events (site_id, pathname, ts) INCLUDE (lcp, cls, inp, fcp, ttfb)
  WHERE kind = 'web_vitals';
