-- The agent readership's projections. Agent, operator, purpose, verification and the policy
-- verdicts are decided when folding (from the catalog and the policy file in force at the fetch),
-- so `twofold projections rebuild` after a catalog change classifies history again. A user agent
-- the catalog does not know is agent `unknown`; its operator is the one whose published ranges
-- hold the address, else `unknown`.

-- Projection agent_fetches: one row per agent fetch.
CREATE TABLE agent_fetches (
  id uuid PRIMARY KEY,
  seq bigint NOT NULL,
  site_id bigint NOT NULL,
  ts timestamptz NOT NULL,
  agent_id text NOT NULL,
  operator text NOT NULL,
  purpose text NOT NULL,
  verified boolean NOT NULL,
  -- Null when no robots.txt / llms.txt of the site was in force at `ts`.
  robots_allowed boolean,
  llms_listed boolean,
  user_agent text NOT NULL,
  method text NOT NULL,
  hostname text NOT NULL,
  pathname text NOT NULL,
  status integer NOT NULL,
  bytes bigint NOT NULL,
  duration_ms integer NOT NULL,
  content_type text NOT NULL,
  conditional boolean NOT NULL,
  -- Keyed digest of the address; the address itself is never stored.
  address_digest text NOT NULL,
  country text,
  asn integer
);
CREATE INDEX agent_fetches_site_ts ON agent_fetches (site_id, ts);
CREATE INDEX agent_fetches_site_path ON agent_fetches (site_id, pathname, ts);

-- Projection agent_rollup_minute: per-minute counters per agent; `html_fetches` counts fetches of
-- `text/html`, which the crawl-to-refer ratio divides.
CREATE TABLE agent_rollup_minute (
  site_id bigint NOT NULL,
  minute timestamptz NOT NULL,
  agent_id text NOT NULL,
  operator text NOT NULL,
  purpose text NOT NULL,
  status_class smallint NOT NULL,
  verified boolean NOT NULL,
  fetches bigint NOT NULL DEFAULT 0,
  html_fetches bigint NOT NULL DEFAULT 0,
  bytes bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, minute, agent_id, operator, purpose, status_class, verified)
);

-- Projection agent_coverage: per URL, when agents first and last fetched it, and by whom.
CREATE TABLE url_coverage (
  site_id bigint NOT NULL,
  pathname text NOT NULL,
  first_crawl timestamptz NOT NULL,
  last_crawl timestamptz NOT NULL,
  fetches bigint NOT NULL,
  bytes bigint NOT NULL,
  PRIMARY KEY (site_id, pathname)
);
CREATE INDEX url_coverage_stalest ON url_coverage (site_id, last_crawl);

CREATE TABLE url_coverage_agents (
  site_id bigint NOT NULL,
  pathname text NOT NULL,
  agent_id text NOT NULL,
  first_crawl timestamptz NOT NULL,
  last_crawl timestamptz NOT NULL,
  fetches bigint NOT NULL,
  verified_fetches bigint NOT NULL,
  PRIMARY KEY (site_id, pathname, agent_id)
);

-- Projection citation_gap: its inputs per URL and minute. Fetches by operator and purpose; human
-- arrivals (sessions entering on the URL) by channel and source, in the minute the session started.
CREATE TABLE url_fetch_minute (
  site_id bigint NOT NULL,
  pathname text NOT NULL,
  minute timestamptz NOT NULL,
  operator text NOT NULL,
  purpose text NOT NULL,
  fetches bigint NOT NULL DEFAULT 0,
  html_fetches bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, pathname, minute, operator, purpose)
);

CREATE TABLE url_arrival_minute (
  site_id bigint NOT NULL,
  pathname text NOT NULL,
  minute timestamptz NOT NULL,
  channel text NOT NULL,
  -- '' when the session has no source (direct).
  source text NOT NULL,
  arrivals bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, pathname, minute, channel, source)
);

-- The citation-gap projection's own session state (as rollup_minute keeps its own), with the
-- attributes an arrival is counted by.
CREATE TABLE citation_session_state (LIKE sessions INCLUDING DEFAULTS);
ALTER TABLE citation_session_state ADD PRIMARY KEY (id);
CREATE INDEX citation_session_state_visitor ON citation_session_state (visitor_id, last_seen_at);

-- A robots.txt is parsed per agent when it arrives; reads list the parsed groups.
ALTER TABLE policy_files ADD COLUMN parsed jsonb;

-- When each site's policy files were last fetched from its origin, and how that went. Claiming a
-- due row updates it in one statement, so several projector machines never fetch the same file.
CREATE TABLE policy_fetch_state (
  site_id bigint NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('robots', 'llms')),
  last_attempt_at timestamptz NOT NULL,
  last_status integer,
  last_error text,
  PRIMARY KEY (site_id, kind)
);
