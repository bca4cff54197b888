-- path_visitor_hits and path_session_hits held a row per pageview (0019, 0027) with an index of
-- all its columns beside it: about 130 bytes a pageview each, only to read the parts of days at a
-- window's edges. Here a row holds the pageviews of one site, UTC hour and path: their times
-- (milliseconds into the hour) and numbers, in time order. An edge is still one range of the key.
CREATE TABLE path_visitor_hits_by_hour (
  site_id bigint NOT NULL,
  hour timestamptz NOT NULL,
  pathname text NOT NULL,
  ms integer[] NOT NULL,
  ns integer[] NOT NULL,
  PRIMARY KEY (site_id, hour, pathname)
) WITH (fillfactor = 70);
-- Every batch appends to its hours' rows: room on the page keeps the new version there.
CREATE TABLE path_session_hits_by_hour (LIKE path_visitor_hits_by_hour INCLUDING ALL) WITH (fillfactor = 70);

INSERT INTO path_visitor_hits_by_hour (site_id, hour, pathname, ms, ns)
SELECT site_id, date_trunc('hour', ts, 'UTC'), pathname,
  array_agg((extract(epoch FROM ts - date_trunc('hour', ts, 'UTC')) * 1000)::int ORDER BY ts, n),
  array_agg(n ORDER BY ts, n)
FROM path_visitor_hits GROUP BY 1, 2, 3;
INSERT INTO path_session_hits_by_hour (site_id, hour, pathname, ms, ns)
SELECT site_id, date_trunc('hour', ts, 'UTC'), pathname,
  array_agg((extract(epoch FROM ts - date_trunc('hour', ts, 'UTC')) * 1000)::int ORDER BY ts, n),
  array_agg(n ORDER BY ts, n)
FROM path_session_hits GROUP BY 1, 2, 3;

DROP TABLE path_visitor_hits, path_session_hits;
ALTER TABLE path_visitor_hits_by_hour RENAME TO path_visitor_hits;
ALTER INDEX path_visitor_hits_by_hour_pkey RENAME TO path_visitor_hits_pkey;
ALTER TABLE path_session_hits_by_hour RENAME TO path_session_hits;
ALTER INDEX path_session_hits_by_hour_pkey RENAME TO path_session_hits_pkey;
