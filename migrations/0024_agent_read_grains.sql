-- Coarser grains for the agent reads, so a month is tens of thousands of rows, not millions.
--
-- Projection agent_rollup_minute keeps its counters per UTC hour and per UTC day as well: every
-- row is the sum of its minute rows (same key, the time truncated), so a window sums its whole UTC
-- days, then whole hours at either end, then minutes at the ragged edges. Distinct agents stay
-- exact: every grain keys by agent.
CREATE TABLE agent_rollup_hour (LIKE agent_rollup_minute INCLUDING DEFAULTS);
ALTER TABLE agent_rollup_hour RENAME COLUMN minute TO hour;
ALTER TABLE agent_rollup_hour ADD PRIMARY KEY (site_id, hour, agent_id, operator, purpose, status_class, verified);

CREATE TABLE agent_rollup_day (LIKE agent_rollup_minute INCLUDING DEFAULTS);
ALTER TABLE agent_rollup_day RENAME COLUMN minute TO day;
ALTER TABLE agent_rollup_day ADD PRIMARY KEY (site_id, day, agent_id, operator, purpose, status_class, verified);

-- Projection citation_gap: per site, the UTC days it has figures for (a fetch, or an answer-engine
-- arrival taken or given back); and per such day and URL, the URL's running totals through the end
-- of that day: fetches, HTML fetches and answer-engine arrivals. Every URL with figures on or before
-- an open day has a row on it (a new day starts as a copy of the site's previous open day), so the
-- totals of every URL as of any instant are the rows of one day, read in pathname order from one
-- index, and a window of whole UTC days is the difference of two such days.
CREATE TABLE url_citation_days (
  site_id bigint NOT NULL,
  day timestamptz NOT NULL,
  PRIMARY KEY (site_id, day)
);
CREATE TABLE url_citation_through (
  site_id bigint NOT NULL,
  day timestamptz NOT NULL,
  pathname text NOT NULL,
  fetches bigint NOT NULL,
  html_fetches bigint NOT NULL,
  arrivals bigint NOT NULL,
  PRIMARY KEY (site_id, day, pathname) INCLUDE (fetches, html_fetches, arrivals)
);

-- Projection citation_gap: per site, UTC day and operator, the fetches and HTML fetches (the
-- summary's crawl-to-refer ratio per operator: a month is a few rows per operator).
CREATE TABLE citation_operator_day (
  site_id bigint NOT NULL,
  day timestamptz NOT NULL,
  operator text NOT NULL,
  fetches bigint NOT NULL,
  html_fetches bigint NOT NULL,
  PRIMARY KEY (site_id, day, operator)
);

-- The minute rows of a window's ragged edges, without reading the site's other minutes.
CREATE INDEX url_fetch_minute_site_minute ON url_fetch_minute (site_id, minute);

-- The summary's arrivals per operator over a window, without reading the other channels' rows.
CREATE INDEX url_arrival_minute_answer_engine ON url_arrival_minute (site_id, minute)
  INCLUDE (pathname, operator, arrivals) WHERE channel = 'answer_engine';

-- What the projections folded before these tables existed, as their folds write it, from the
-- minute rows of the same projections (so exactly up to their checkpoints).
INSERT INTO agent_rollup_hour (site_id, hour, agent_id, operator, purpose, status_class, verified, fetches,
  html_fetches, bytes)
SELECT site_id, date_bin('1 hour', minute, TIMESTAMPTZ '2000-01-01 00:00+00'), agent_id, operator, purpose,
  status_class, verified, sum(fetches), sum(html_fetches), sum(bytes)
FROM agent_rollup_minute GROUP BY 1, 2, 3, 4, 5, 6, 7;

INSERT INTO agent_rollup_day (site_id, day, agent_id, operator, purpose, status_class, verified, fetches,
  html_fetches, bytes)
SELECT site_id, date_trunc('day', hour, 'UTC'), agent_id, operator, purpose, status_class, verified,
  sum(fetches), sum(html_fetches), sum(bytes)
FROM agent_rollup_hour GROUP BY 1, 2, 3, 4, 5, 6, 7;

INSERT INTO citation_operator_day (site_id, day, operator, fetches, html_fetches)
SELECT site_id, date_trunc('day', minute, 'UTC'), operator, sum(fetches), sum(html_fetches)
FROM url_fetch_minute GROUP BY 1, 2, 3;

CREATE TEMPORARY TABLE citation_day_figures ON COMMIT DROP AS
SELECT site_id, pathname, day, sum(fetches) AS fetches, sum(html_fetches) AS html_fetches, sum(arrivals) AS arrivals
FROM (
  SELECT site_id, pathname, date_trunc('day', minute, 'UTC') AS day, fetches, html_fetches, 0 AS arrivals
  FROM url_fetch_minute
  UNION ALL
  SELECT site_id, pathname, date_trunc('day', minute, 'UTC'), 0, 0, arrivals
  FROM url_arrival_minute WHERE channel = 'answer_engine'
) x
GROUP BY 1, 2, 3;

INSERT INTO url_citation_days (site_id, day) SELECT DISTINCT site_id, day FROM citation_day_figures;

INSERT INTO url_citation_through (site_id, day, pathname, fetches, html_fetches, arrivals)
SELECT o.site_id, o.day, c.pathname, c.fetches, c.html_fetches, c.arrivals
FROM (
  SELECT site_id, pathname, day,
         sum(fetches) OVER w AS fetches, sum(html_fetches) OVER w AS html_fetches, sum(arrivals) OVER w AS arrivals,
         lead(day) OVER w AS next_day
  FROM citation_day_figures
  WINDOW w AS (PARTITION BY site_id, pathname ORDER BY day)
) c
JOIN url_citation_days o ON o.site_id = c.site_id AND o.day >= c.day AND (c.next_day IS NULL OR o.day < c.next_day)
ORDER BY 1, 2, 3;
