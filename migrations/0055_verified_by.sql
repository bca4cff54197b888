-- How each agent fetch was verified: `ip_range` (the address lay in its operator's published
-- ranges), `reverse_dns` (forward-confirmed reverse DNS to one of its operator's host suffixes),
-- `web_bot_auth` (a valid Web Bot Auth signature by a key of its operator's directory), or NULL
-- (not verified). Decided when folding, like `verified`, which stays as the reads' flag and equals
-- `verified_by IS NOT NULL` (checked). Fetches folded before this migration were verified by range
-- only. The agent rollups key by the method instead of the flag.
ALTER TABLE agent_fetches
  ADD COLUMN verified_by text CHECK (verified_by IN ('ip_range', 'reverse_dns', 'web_bot_auth'));
UPDATE agent_fetches SET verified_by = 'ip_range' WHERE verified;
ALTER TABLE agent_fetches ADD CONSTRAINT agent_fetches_verified_by CHECK (verified = (verified_by IS NOT NULL));

ALTER TABLE agent_rollup_minute ADD COLUMN verified_by text;
UPDATE agent_rollup_minute SET verified_by = 'ip_range' WHERE verified;
ALTER TABLE agent_rollup_minute DROP CONSTRAINT agent_rollup_minute_pkey,
  ADD CONSTRAINT agent_rollup_minute_verified_by CHECK (verified = (verified_by IS NOT NULL));
CREATE UNIQUE INDEX agent_rollup_minute_key
  ON agent_rollup_minute (site_id, minute, agent_id, operator, purpose, status_class, verified_by) NULLS NOT DISTINCT;

ALTER TABLE agent_rollup_hour ADD COLUMN verified_by text;
UPDATE agent_rollup_hour SET verified_by = 'ip_range' WHERE verified;
ALTER TABLE agent_rollup_hour DROP CONSTRAINT agent_rollup_hour_pkey,
  ADD CONSTRAINT agent_rollup_hour_verified_by CHECK (verified = (verified_by IS NOT NULL));
CREATE UNIQUE INDEX agent_rollup_hour_key
  ON agent_rollup_hour (site_id, hour, agent_id, operator, purpose, status_class, verified_by) NULLS NOT DISTINCT;

ALTER TABLE agent_rollup_day ADD COLUMN verified_by text;
UPDATE agent_rollup_day SET verified_by = 'ip_range' WHERE verified;
ALTER TABLE agent_rollup_day DROP CONSTRAINT agent_rollup_day_pkey,
  ADD CONSTRAINT agent_rollup_day_verified_by CHECK (verified = (verified_by IS NOT NULL));
CREATE UNIQUE INDEX agent_rollup_day_key
  ON agent_rollup_day (site_id, day, agent_id, operator, purpose, status_class, verified_by) NULLS NOT DISTINCT;
