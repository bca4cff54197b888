-- Projection raw_events: goals and funnel steps on automatic events (`Outbound Link: Click`,
-- `File Download`, `Form: Submission`: src/goals/automatic-events.ts) read only the hits of their
-- kind, as custom events' do through `events_custom_name`; with the visitor and the session, so a
-- read without filters never visits the table. These hits are a small share of the traffic.
CREATE INDEX events_automatic ON events (site_id, kind, ts) INCLUDE (visitor_id, session_id)
  WHERE kind IN ('outbound', 'file_download', 'form');
