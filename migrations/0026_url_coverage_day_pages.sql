-- Coverage lists a page of URLs and adds up each one's day rows per agent over the window: with
-- the figures in the index, those rows are read from the index alone rather than from a heap page
-- each (2026-11-25, 10 M fetches: the top 1,000 URLs of a 30-day window in 45-69 ms warm instead
-- of 129-164 ms, 300-520 ms instead of 350-860 ms from a cold cache).
CREATE INDEX url_coverage_day_pages ON url_coverage_day (site_id, pathname, day)
  INCLUDE (agent_id, first_crawl, fetches, verified_fetches);
