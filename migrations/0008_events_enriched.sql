-- Projection raw_events, widened to every tracker key and what ingest derived from the request.
ALTER TABLE events
  ADD COLUMN browser text,
  ADD COLUMN browser_version text,
  ADD COLUMN os text,
  ADD COLUMN os_version text,
  ADD COLUMN device text,
  ADD COLUMN screen text,
  ADD COLUMN country text,
  ADD COLUMN region text,
  ADD COLUMN city text,
  ADD COLUMN asn integer,
  ADD COLUMN lang text,
  ADD COLUMN channel text,
  ADD COLUMN referrer_source text,
  ADD COLUMN utm_medium text,
  ADD COLUMN utm_campaign text,
  ADD COLUMN utm_term text,
  ADD COLUMN utm_content text,
  ADD COLUMN props jsonb,
  ADD COLUMN identity text,
  ADD COLUMN sdk text,
  ADD COLUMN lcp real,
  ADD COLUMN cls real,
  ADD COLUMN inp real,
  ADD COLUMN fcp real,
  ADD COLUMN ttfb real,
  ADD COLUMN revenue_amount numeric,
  ADD COLUMN revenue_currency text,
  -- Filled on a pageview by the `d`/`sc` that the next pageview or the engagement hit reports for it.
  ADD COLUMN engaged_ms integer,
  ADD COLUMN scroll integer;

-- Channel, source, campaign and entry page are attributes of the session: its first hit's.
ALTER TABLE sessions
  ADD COLUMN channel text,
  ADD COLUMN referrer_source text,
  ADD COLUMN utm_medium text,
  ADD COLUMN utm_campaign text,
  ADD COLUMN utm_term text,
  ADD COLUMN utm_content text,
  ADD COLUMN referrer text,
  ADD COLUMN country text,
  ADD COLUMN region text,
  ADD COLUMN city text,
  ADD COLUMN device text,
  ADD COLUMN browser text,
  ADD COLUMN os text,
  ADD COLUMN screen text,
  ADD COLUMN identity text,
  ADD COLUMN last_pageview_id uuid;

-- Identified visitors and their traits: the latest value of each trait wins.
CREATE TABLE identities (
  site_id bigint NOT NULL,
  identity text NOT NULL,
  traits jsonb NOT NULL DEFAULT '{}',
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  -- Per trait, the time of the hit that set its value, so a late hit cannot overwrite a newer one.
  trait_times jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (site_id, identity)
);
