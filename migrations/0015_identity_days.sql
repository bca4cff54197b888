-- Projection raw_events: what the retention read follows, far smaller than `events`.
-- `identity_days`: per daily visitor id (which lives one UTC day, `day` its midnight) and identify
-- id, its first and last identified hit. A UTC day holds at most one start of a local day, week or
-- month of any zone in use today, so these two instants place the row in every period it touched.
-- `identity_day_visitors`: per UTC day, the visitor ids with an identified hit (those a grid covers).
CREATE TABLE identity_days (
  site_id bigint NOT NULL,
  day timestamptz NOT NULL,
  visitor_id text NOT NULL,
  identity text NOT NULL,
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (site_id, day, visitor_id, identity) INCLUDE (first_at, last_at)
);
-- The grid groups by identity: read in this order, it needs no hash table or sort.
CREATE INDEX identity_days_identity ON identity_days (site_id, identity, day) INCLUDE (first_at, last_at);

CREATE TABLE identity_day_visitors (
  site_id bigint NOT NULL,
  day timestamptz NOT NULL,
  visitor_ids bigint NOT NULL,
  PRIMARY KEY (site_id, day)
);

-- The hits folded before these tables existed: the rows the fold writes.
INSERT INTO identity_days (site_id, day, visitor_id, identity, first_at, last_at)
SELECT site_id, date_trunc('day', ts, 'UTC'), visitor_id, identity, min(ts), max(ts)
FROM events WHERE identity IS NOT NULL GROUP BY 1, 2, 3, 4;

INSERT INTO identity_day_visitors (site_id, day, visitor_ids)
SELECT site_id, day, count(DISTINCT visitor_id) FROM identity_days GROUP BY 1, 2;
