-- Web Bot Auth claims that failed (a signature by no key of the named operator's directory, over
-- another authority, expired, created after the fetch, untagged): the fetch is never verified and
-- is counted as a forged signature. Decided when folding from the verdict ingest put on the event;
-- fetches folded before this migration carried no signature.
ALTER TABLE agent_fetches
  ADD COLUMN signature_forged boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT agent_fetches_forged_unverified CHECK (NOT (signature_forged AND verified));

ALTER TABLE agent_rollup_minute ADD COLUMN forged_fetches bigint NOT NULL DEFAULT 0;
ALTER TABLE agent_rollup_hour ADD COLUMN forged_fetches bigint NOT NULL DEFAULT 0;
ALTER TABLE agent_rollup_day ADD COLUMN forged_fetches bigint NOT NULL DEFAULT 0;
