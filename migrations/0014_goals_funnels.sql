-- Goals and funnels: a site's definitions of what counts as a conversion, read against the events
-- at query time. Nothing is derived from them when folding, so deleting one touches no event.
CREATE TABLE goals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- Exactly one: a custom event name, or a pathname pattern (`*` = any characters).
  event text,
  path text,
  -- ISO 4217: the currency whose revenue the goal sums (custom events only).
  currency text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT goals_one_target CHECK ((event IS NULL) <> (path IS NULL)),
  CONSTRAINT goals_site_name_key UNIQUE (site_id, name)
);

-- `steps`: the ordered steps as the API took them, `[{"path": …} | {"event": …}, …]` (2 to 8).
CREATE TABLE funnels (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  name text NOT NULL,
  steps jsonb NOT NULL,
  window_minutes integer CHECK (window_minutes > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT funnels_site_name_key UNIQUE (site_id, name)
);

-- Goals and funnel steps read only the hits they count, from these two partial indexes: a custom
-- event by name, a pageview by pathname (text_pattern_ops, so a `/blog/*` pattern is a range
-- scan). Both carry the visitor and the session, and the custom-event one the revenue, so a read
-- without filters never visits the table (index-only scans once a vacuum marked the pages).
CREATE INDEX events_custom_name ON events (site_id, name, ts)
  INCLUDE (visitor_id, session_id, revenue_amount, revenue_currency) WHERE kind = 'custom';
CREATE INDEX events_pageview_path ON events (site_id, pathname text_pattern_ops, ts)
  INCLUDE (visitor_id, session_id) WHERE kind = 'pageview';
