-- Projection raw_events: two of `events`' indexes cost more than they give (docs/benchmarks.md#storage).
--
-- The primary key on a random uuid (42 B an event, its pages half full) served only the update
-- that adds a later hit's engagement to a stored pageview; that update finds the row by its session
-- now (`events_session`), and the fold never writes an id twice (each message is folded once, with
-- its checkpoint).
ALTER TABLE events DROP CONSTRAINT events_pkey;

-- The pageview index carried the visitor's 33-byte digest (47 of its 122 B an event) so that raw
-- goal and funnel reads could skip the rows. Path goals without filters come from path_visitors on
-- any window, and a planned funnel's step 2 needs only the session, which stays; the raw funnel's
-- path steps fetch their rows now (a common step was read from the rows by its window already).
DROP INDEX events_pageview_path;
CREATE INDEX events_pageview_path ON events (site_id, pathname text_pattern_ops, ts)
  INCLUDE (session_id) WHERE kind = 'pageview';
