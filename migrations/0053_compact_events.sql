-- Projection raw_events: `events` rewritten without the columns no read uses, and with its
-- fixed-width columns first (docs/benchmarks.md#storage).
--
-- Dropped: `source`, `query`, `browser_version`, `os_version` and `sdk`: no read, filter, export
-- or fold reads them back (channel, source and campaign come from the referrer and query when
-- folding, onto the session and each of its hits). The stream keeps every hit whole, so a later
-- read that needs one of them adds the column and rebuilds the projection
-- (`twofold projections rebuild --only raw_events`).
--
-- Order: a 4- or 8-byte value is aligned to its width in the row, so after an odd-length text it
-- is preceded by padding; here the 8-byte columns come first, then the 4-byte ones (present only
-- when not null, each on a 4-byte boundary), then the uuids, which need none, and the texts;
-- the jsonb and numeric columns, which may be long enough to need alignment, come last.
--
-- The rows are copied in their stored order and the indexes built after them, compact; the table
-- is locked for the copy (docs/operations.md#upgrades-that-rewrite-a-table).
CREATE TABLE events_compact (
  site_id bigint NOT NULL,
  ts timestamptz NOT NULL,
  seq bigint NOT NULL,
  asn integer,
  engaged_ms integer,
  scroll integer,
  status integer,
  duration_ms integer,
  lcp real,
  cls real,
  inp real,
  fcp real,
  ttfb real,
  id uuid NOT NULL,
  session_id uuid NOT NULL,
  kind text NOT NULL,
  hostname text NOT NULL,
  pathname text NOT NULL,
  visitor_id text NOT NULL,
  name text,
  referrer text,
  browser text,
  os text,
  device text,
  screen text,
  country text,
  region text,
  city text,
  lang text,
  channel text,
  referrer_source text,
  utm_medium text,
  utm_campaign text,
  utm_term text,
  utm_content text,
  identity text,
  revenue_currency text,
  error_fingerprint text,
  revenue_amount numeric,
  props jsonb,
  error_frame jsonb
);

LOCK TABLE events IN ACCESS EXCLUSIVE MODE;

INSERT INTO events_compact (
  site_id, ts, seq, asn, engaged_ms, scroll, status, duration_ms, lcp, cls, inp, fcp, ttfb, id,
  session_id, kind, hostname, pathname, visitor_id, name, referrer, browser, os, device, screen,
  country, region, city, lang, channel, referrer_source, utm_medium, utm_campaign, utm_term,
  utm_content, identity, revenue_currency, error_fingerprint, revenue_amount, props, error_frame)
SELECT
  site_id, ts, seq, asn, engaged_ms, scroll, status, duration_ms, lcp, cls, inp, fcp, ttfb, id,
  session_id, kind, hostname, pathname, visitor_id, name, referrer, browser, os, device, screen,
  country, region, city, lang, channel, referrer_source, utm_medium, utm_campaign, utm_term,
  utm_content, identity, revenue_currency, error_fingerprint, revenue_amount, props, error_frame
FROM events ORDER BY ctid;

DROP TABLE events;
ALTER TABLE events_compact RENAME TO events;

-- The indexes of 0004, 0014, 0016, 0020, 0040 and 0051, as they were.
CREATE INDEX events_site_ts ON events (site_id, ts);
CREATE INDEX events_session ON events (session_id);
CREATE INDEX events_custom_name ON events (site_id, name, ts)
  INCLUDE (visitor_id, session_id, revenue_amount, revenue_currency) WHERE kind = 'custom';
CREATE INDEX events_errors ON events (site_id, ts) INCLUDE (error_fingerprint, session_id)
  WHERE kind = 'error';
CREATE INDEX events_error_groups ON events (site_id, error_fingerprint, ts) INCLUDE (session_id)
  WHERE kind = 'error';
CREATE INDEX events_web_vitals ON events (site_id, ts) INCLUDE (pathname, device, lcp, cls, inp, fcp, ttfb)
  WHERE kind = 'web_vitals';
CREATE INDEX events_web_vitals_pages ON events (site_id, pathname, ts) INCLUDE (lcp, cls, inp, fcp, ttfb)
  WHERE kind = 'web_vitals';
CREATE INDEX events_pageview_path ON events (site_id, pathname text_pattern_ops, ts)
  INCLUDE (session_id) WHERE kind = 'pageview';
CREATE INDEX events_automatic ON events (site_id, kind, ts) INCLUDE (visitor_id, session_id)
  WHERE kind IN ('outbound', 'file_download', 'form');
