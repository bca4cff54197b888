-- Forward-confirmed reverse DNS (AddressVerified events): each agent projection that keys by
-- verification keeps the confirmations it has folded, so that it classifies later fetches of the
-- address that UTC day as `reverse_dns`, and the projections with counters keep the unverified
-- fetches a confirmation may still move (fetches of an operator with rdns_domains, outside its
-- ranges). Each projection owns its own tables: projections fold at their own pace and rebuild
-- alone. `day` is the UTC midnight of the fetches' day. No address is stored, only its digest.

-- Projection agent_fetches.
CREATE TABLE address_verifications (
  site_id bigint NOT NULL,
  address_digest text NOT NULL,
  day timestamptz NOT NULL,
  operator text NOT NULL,
  domain text NOT NULL,
  PRIMARY KEY (site_id, address_digest, day, operator)
);
-- The rows a confirmation verifies: the fold's UPDATE finds them by this index.
CREATE INDEX agent_fetches_unverified_address ON agent_fetches (site_id, address_digest, ts)
  WHERE verified_by IS NULL AND agent_id <> 'unknown';

-- Projection agent_rollup_minute.
CREATE TABLE agent_rollup_address_verifications (LIKE address_verifications INCLUDING ALL);
CREATE TABLE agent_rollup_unverified (
  site_id bigint NOT NULL,
  address_digest text NOT NULL,
  day timestamptz NOT NULL,
  operator text NOT NULL,
  minute timestamptz NOT NULL,
  agent_id text NOT NULL,
  purpose text NOT NULL,
  status_class smallint NOT NULL,
  fetches bigint NOT NULL,
  html_fetches bigint NOT NULL,
  bytes bigint NOT NULL,
  PRIMARY KEY (site_id, address_digest, day, operator, minute, agent_id, purpose, status_class)
);

-- Projection agent_coverage.
CREATE TABLE coverage_address_verifications (LIKE address_verifications INCLUDING ALL);
CREATE TABLE coverage_unverified (
  site_id bigint NOT NULL,
  address_digest text NOT NULL,
  day timestamptz NOT NULL,
  operator text NOT NULL,
  pathname text NOT NULL,
  agent_id text NOT NULL,
  fetches bigint NOT NULL,
  PRIMARY KEY (site_id, address_digest, day, operator, pathname, agent_id)
);
