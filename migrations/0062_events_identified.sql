-- Projection raw_events: the identified hits by time. Retention reads them from the raw rows under
-- a filter (and for periods identity_days cannot cut); they are a few percent of the hits, which
-- this index reads without scanning the rest of the window.
CREATE INDEX events_identified ON events (site_id, ts) WHERE identity IS NOT NULL;
