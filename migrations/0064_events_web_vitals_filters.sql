-- Projection raw_events: the web_vitals hits by time carry the dimensions the `sessions` row keeps
-- (country, channel, source, campaign fields, browser; device already), so performance under a
-- filter on them (the dashboard's click-to-filter on a source, a country or a browser) reads this
-- index alone instead of every hit of the window.
DROP INDEX events_web_vitals;
CREATE INDEX events_web_vitals ON events (site_id, ts)
  INCLUDE (pathname, device, lcp, cls, inp, fcp, ttfb, country, channel, referrer_source, browser,
           utm_medium, utm_campaign, utm_term, utm_content)
  WHERE kind = 'web_vitals';
