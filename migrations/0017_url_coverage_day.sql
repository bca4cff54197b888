-- Per-URL tables by UTC day (`day` is the day's midnight, UTC), so that coverage and content decay
-- answer a window of whole UTC days without reading every fetch or hit in it.
--
-- btree_gist lets one GiST index hold the site, a row's span of days and its last crawl, which the
-- "as of" reads below need (a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS btree_gist;

-- Projection agent_coverage: per URL, UTC day and agent, the day's first and last crawl, fetches
-- and verified fetches. A window of whole days adds up the days' rows: exactly the window's figures.
CREATE TABLE url_coverage_day (
  site_id bigint NOT NULL,
  pathname text NOT NULL,
  day timestamptz NOT NULL,
  agent_id text NOT NULL,
  first_crawl timestamptz NOT NULL,
  last_crawl timestamptz NOT NULL,
  fetches bigint NOT NULL,
  verified_fetches bigint NOT NULL,
  PRIMARY KEY (site_id, pathname, day, agent_id)
);

-- Projection agent_coverage: per URL and UTC day with a crawl, the day's last crawl and fetches,
-- and `next_day`, the URL's next day with a crawl (null while there is none). A URL's last crawl
-- before an instant t is then on the one row whose span (day, next_day] holds t: the "as of t"
-- rows of a site are one per URL, found by the GiST index without reading the URL's other days,
-- and that index also hands them out by their last crawl nearest a given time (the stalest or the
-- most recent first).
CREATE TABLE url_crawl_day (
  site_id bigint NOT NULL,
  pathname text NOT NULL,
  day timestamptz NOT NULL,
  last_crawl timestamptz NOT NULL,
  fetches bigint NOT NULL,
  next_day timestamptz,
  PRIMARY KEY (site_id, pathname, day)
);
CREATE INDEX url_crawl_day_as_of ON url_crawl_day
  USING gist (site_id, tstzrange(day, next_day, '(]'), last_crawl);

-- Which coverage tables answer a window depends on the site's crawl span (its first and last
-- fetch): with this index both ends are one index lookup (url_coverage_stalest serves the last).
CREATE INDEX url_coverage_first ON url_coverage (site_id, first_crawl);

-- Projection citation_gap: people's pageviews per URL and UTC day, with `pageviews_through` (the
-- URL's pageviews on this day and every day before) and `next_day` as above: a window's pageviews
-- of every URL are the difference of two "as of" rows per URL, whatever the window's length.
CREATE TABLE url_pageview_day (
  site_id bigint NOT NULL,
  pathname text NOT NULL,
  day timestamptz NOT NULL,
  pageviews bigint NOT NULL,
  pageviews_through bigint NOT NULL,
  next_day timestamptz,
  PRIMARY KEY (site_id, pathname, day)
);
CREATE INDEX url_pageview_day_as_of ON url_pageview_day
  USING gist (site_id, tstzrange(day, next_day, '(]'));

-- What the projections folded before these tables existed, as their folds write it: fetches from
-- agent_fetches and pageviews from events, each up to the sequence agent_coverage (respectively
-- citation_gap) has folded. Exact when agent_fetches and raw_events are at least that far, as they
-- are after a quiet stop; `twofold projections rebuild --only agent_coverage` (`--only
-- citation_gap`) rebuilds them from the stream in any case.
INSERT INTO url_coverage_day (site_id, pathname, day, agent_id, first_crawl, last_crawl, fetches, verified_fetches)
SELECT site_id, pathname, date_trunc('day', ts, 'UTC'), agent_id, min(ts), max(ts), count(*), count(*) FILTER (WHERE verified)
FROM agent_fetches
WHERE seq <= coalesce((SELECT last_seq FROM projection_checkpoints WHERE name = 'agent_coverage'), 0)
GROUP BY 1, 2, 3, 4;

INSERT INTO url_crawl_day (site_id, pathname, day, last_crawl, fetches, next_day)
SELECT site_id, pathname, day, max(last_crawl), sum(fetches),
       lead(day) OVER (PARTITION BY site_id, pathname ORDER BY day)
FROM url_coverage_day GROUP BY 1, 2, 3;

INSERT INTO url_pageview_day (site_id, pathname, day, pageviews, pageviews_through, next_day)
SELECT site_id, pathname, day, pageviews,
       sum(pageviews) OVER (PARTITION BY site_id, pathname ORDER BY day),
       lead(day) OVER (PARTITION BY site_id, pathname ORDER BY day)
FROM (
  SELECT site_id, pathname, date_trunc('day', ts, 'UTC') AS day, count(*) AS pageviews
  FROM events
  WHERE kind = 'pageview'
    AND seq <= coalesce((SELECT last_seq FROM projection_checkpoints WHERE name = 'citation_gap'), 0)
  GROUP BY 1, 2, 3
) p;
