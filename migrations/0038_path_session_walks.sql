-- path_sessions' walks: each session's first pageviews in the order they happened, so the journeys
-- report reads one row a session that started in its window instead of sorting the window's
-- pageviews by session. Up to 7 pageviews a session (journeys' deepest walk: a start page and 6
-- more). Sessions without a pageview have no row.
CREATE TABLE path_session_walks (
  session_id uuid PRIMARY KEY,
  site_id bigint NOT NULL,
  started_at timestamptz NOT NULL,
  paths text[] NOT NULL
);
-- A window's walks. Without the paths in it (INCLUDE): they would make the index larger than the
-- rows, whose pages a window reads in a few ranges anyway (rows arrive about in start order).
CREATE INDEX path_session_walks_started ON path_session_walks (site_id, started_at);

-- The raw path's order key of each walk's pageviews (time in ms, stream sequence, event id), so a
-- late pageview takes its place among them: kept only while a hit can still join the session (its
-- row goes with the session's `path_session_state`).
CREATE TABLE path_session_walk_keys (
  session_id uuid PRIMARY KEY,
  at bigint[] NOT NULL,
  seqs bigint[] NOT NULL,
  ids uuid[] NOT NULL
);

-- The walks of the sessions folded so far, from raw_events' pageviews and sessions. Exact when
-- raw_events has folded at least as far as path_sessions, as after a quiet stop (a pageview folded
-- by both is kept once: the fold skips an event id its walk already holds); `twofold projections
-- rebuild --only path_sessions` rebuilds them from the stream in any case.
CREATE TEMPORARY TABLE walks_0038 ON COMMIT DROP AS
SELECT s.id AS session_id, s.site_id, s.started_at,
       array_agg(v.pathname ORDER BY v.n) AS paths, array_agg(v.ms ORDER BY v.n) AS at,
       array_agg(v.seq ORDER BY v.n) AS seqs, array_agg(v.id ORDER BY v.n) AS ids
FROM (SELECT e.session_id, e.pathname, e.seq, e.id, (extract(epoch FROM e.ts) * 1000)::bigint AS ms,
             row_number() OVER (PARTITION BY e.session_id ORDER BY e.ts, e.seq, e.id) AS n
      FROM events e WHERE e.kind = 'pageview') v
JOIN sessions s ON s.id = v.session_id
WHERE v.n <= 7
GROUP BY s.id, s.site_id, s.started_at;

INSERT INTO path_session_walks (session_id, site_id, started_at, paths)
SELECT session_id, site_id, started_at, paths FROM walks_0038;
INSERT INTO path_session_walk_keys (session_id, at, seqs, ids)
SELECT session_id, at, seqs, ids FROM walks_0038 WHERE session_id IN (SELECT id FROM path_session_state);
