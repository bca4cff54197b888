-- path_sessions' walks: each session's first pageviews in the order they happened, so the journeys
-- report reads one row a session that started in its window instead of sorting the window's
-- pageviews by session. Up to 7 pageviews a session (journeys' deepest walk: a start page and 6
-- more), each with the raw path's order key (time in ms, stream sequence, event id), so a late
-- pageview takes its place among them. Sessions without a pageview have no row.
CREATE TABLE path_session_walks (
  session_id uuid PRIMARY KEY,
  site_id bigint NOT NULL,
  started_at timestamptz NOT NULL,
  paths text[] NOT NULL,
  at bigint[] NOT NULL,
  seqs bigint[] NOT NULL,
  ids uuid[] NOT NULL
);
-- A window's walks by an index-only scan: the paths ride in the index.
CREATE INDEX path_session_walks_started ON path_session_walks (site_id, started_at) INCLUDE (paths);

-- The walks of the sessions folded so far, from raw_events' pageviews and sessions. Exact when
-- raw_events has folded at least as far as path_sessions, as after a quiet stop (a pageview folded
-- by both is kept once: the fold skips an event id its walk already holds); `twofold projections
-- rebuild --only path_sessions` rebuilds them from the stream in any case.
INSERT INTO path_session_walks (session_id, site_id, started_at, paths, at, seqs, ids)
SELECT s.id, s.site_id, s.started_at,
       array_agg(v.pathname ORDER BY v.n), array_agg(v.ms ORDER BY v.n),
       array_agg(v.seq ORDER BY v.n), array_agg(v.id ORDER BY v.n)
FROM (SELECT e.session_id, e.pathname, e.seq, e.id, (extract(epoch FROM e.ts) * 1000)::bigint AS ms,
             row_number() OVER (PARTITION BY e.session_id ORDER BY e.ts, e.seq, e.id) AS n
      FROM events e WHERE e.kind = 'pageview') v
JOIN sessions s ON s.id = v.session_id
WHERE v.n <= 7
GROUP BY s.id, s.site_id, s.started_at;
