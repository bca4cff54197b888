-- Projection path_visitors: per UTC day, directory prefix and block of 4096 visitor numbers, the
-- visitors with a pageview under the prefix that day, as in path_visitors_day. A path goal
-- `/docs/*` matches every path under `/docs/` (a third of the bench site's pageviews, hundreds of
-- paths): it reads the prefix's rows instead of the OR of every matching path's. A pathname's
-- prefixes are its parts up to each `/` after the first character (`/docs/a/b`: `/docs/`,
-- `/docs/a/`); the root `/` is none (it would double every fold's writes for the pattern `/*`).
CREATE TABLE path_prefix_visitors_day (
  site_id bigint NOT NULL,
  day timestamptz NOT NULL,
  prefix text NOT NULL,
  block integer NOT NULL,
  visitors bit(4096) NOT NULL,
  pageviews integer NOT NULL,
  PRIMARY KEY (site_id, prefix, day, block)
) WITH (fillfactor = 50);

-- The history already folded: path_visitor_hits holds every pageview with its visitor's number,
-- so these are the rows the fold would have written.
INSERT INTO path_prefix_visitors_day (site_id, day, prefix, block, visitors, pageviews)
SELECT h.site_id, date_trunc('day', h.ts AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS day, p.prefix, h.n / 4096 AS block,
       bit_or(set_bit(repeat('0', 4096)::bit(4096), h.n % 4096, 1)) AS visitors, count(*) AS pageviews
FROM path_visitor_hits h
CROSS JOIN LATERAL (SELECT substr(h.pathname, 1, i) AS prefix FROM generate_series(2, length(h.pathname)) i
                    WHERE substr(h.pathname, i, 1) = '/') p
GROUP BY 1, 2, 3, 4;
