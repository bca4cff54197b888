-- Signatures of accepted edge requests, kept longer than the five-minute tolerance on either side
-- of the clock, so a replayed request is refused by whichever instance receives it.
CREATE TABLE edge_signatures (
  digest bytea PRIMARY KEY,
  accepted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX edge_signatures_accepted ON edge_signatures (accepted_at);

-- A server-rendered pageview (edge `events` row) keeps its response status and time.
ALTER TABLE events ADD COLUMN status integer, ADD COLUMN duration_ms integer;
