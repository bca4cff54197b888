-- Mailed reports and alerts a member asked for on a site (docs/api.md#mailed-reports-and-alerts).
-- One subscription per (site, user, kind): subscribing again replaces the threshold.
CREATE TABLE report_subscriptions (
  id bigserial PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('weekly', 'monthly', 'spike', 'drop', 'agent_flood')),
  -- spike and agent_flood: a count an hour; drop: the share (0-1] visitors fell by; none for weekly/monthly.
  threshold double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_id, user_id, kind),
  CHECK ((kind IN ('weekly', 'monthly')) = (threshold IS NULL))
);
CREATE INDEX report_subscriptions_user ON report_subscriptions (user_id);

-- One row per subscription and period (the week, month or hour a mail is about), claimed in one
-- statement before anything is sent, so each is mailed once across machines and restarts.
-- `sending`: claimed, `lease_until` is when another machine may take it over (a crash, a failed
-- send); `sent`: mailed; `quiet`: nothing to mail (an alert whose condition does not hold, or
-- still holds since it fired, or a subscriber no longer a member); `failed`: attempts used up.
CREATE TABLE report_deliveries (
  subscription_id bigint NOT NULL REFERENCES report_subscriptions (id) ON DELETE CASCADE,
  period_start timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('sending', 'sent', 'quiet', 'failed')),
  -- Alerts: whether the condition held in the period (an alert mails again only after an hour without it).
  held boolean,
  attempts integer NOT NULL DEFAULT 1,
  lease_until timestamptz NOT NULL,
  finished_at timestamptz,
  last_error text,
  PRIMARY KEY (subscription_id, period_start)
);
-- Rows of periods long past are pruned (src/reports/deliveries.ts, pruneDeliveries).
CREATE INDEX report_deliveries_period ON report_deliveries (period_start);
