-- Projection raw_events: two of `events`' indexes cost more than they give (docs/benchmarks.md#storage).
--
-- The primary key on a random uuid (42 B an event, its pages half full) served only the update
-- that adds a later hit's engagement to a stored pageview; that update finds the row by its session
-- now (`events_session`), and the fold never writes an id twice (each message is folded once, with
-- its checkpoint).
ALTER TABLE events DROP CONSTRAINT events_pkey;

-- The pageview index carried the visitor's 33-byte digest for index-only scans of the raw goal and
-- funnel reads without filters, which the path_visitors and path_sessions projections answer now;
-- with filters those reads visit the rows anyway. The session stays: a funnel's step 2 reads its
-- sessions from this index alone.
DROP INDEX events_pageview_path;
CREATE INDEX events_pageview_path ON events (site_id, pathname text_pattern_ops, ts)
  INCLUDE (session_id) WHERE kind = 'pageview';
