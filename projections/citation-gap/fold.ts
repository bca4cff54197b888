import type { Catalog } from '../../src/catalog/agents.js';
import { type Sql, sql } from '../../src/db/sql.js';
import { arrivalOperator } from '../../src/enrich/attribution.js';
import type { Sequenced } from '../projection.js';
import { chainDays, dayOf, type UrlDay } from '../agent-coverage/day-chain.js';
import { type AgentFoldState, classifiedFetches } from '../agents/classify-fetch.js';
import { isHtml } from '../agents/response.js';
import type { HitRecorded } from '../../streams/events.js';
import { humanHits } from '../human-hits.js';
import { minuteOf } from '../minute.js';
import { RunningTotals } from './running-totals.js';
import { type SessionState, sessionize } from '../sessions/sessionize.js';
import { SESSION_TABLES, saveSessions } from '../sessions/store.js';

export interface CitationGapState extends AgentFoldState {
  sessions: SessionState[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * People's pageviews per URL and UTC day (content decay's input), with each row's running total
 * (`pageviews_through`) and its next day. A new row starts from the total of the URL's day before
 * it; then every later row of the URL takes the batch's pageviews of earlier days (none, unless
 * the batch holds several days of the URL or hits of a day already passed); then the days chain.
 */
function foldPageviewDays(hits: readonly HitRecorded[]): Sql[] {
  const days = new Map<string, UrlDay & { pageviews: number }>();
  for (const h of hits) {
    if (h.kind !== 'pageview') continue;
    const day = dayOf(h.ts);
    const key = JSON.stringify([h.site, h.pathname, day]);
    const row = days.get(key) ?? { site: h.site, pathname: h.pathname, day, pageviews: 0 };
    row.pageviews++;
    days.set(key, row);
  }
  if (days.size === 0) return [];
  const d = [...days.values()];
  const batch = sql`unnest(${d.map((r) => r.site)}::bigint[], ${d.map((r) => r.pathname)}::text[],
    ${d.map((r) => iso(r.day))}::timestamptz[], ${d.map((r) => r.pageviews)}::bigint[]) AS k(site_id, pathname, day, pageviews)`;
  return [
    sql`
      INSERT INTO url_pageview_day AS u (site_id, pathname, day, pageviews, pageviews_through)
      SELECT k.site_id, k.pathname, k.day, k.pageviews, k.pageviews + coalesce((
        SELECT p.pageviews_through FROM url_pageview_day p
        WHERE p.site_id = k.site_id AND p.pathname = k.pathname AND p.day < k.day ORDER BY p.day DESC LIMIT 1), 0)
      FROM ${batch}
      ON CONFLICT (site_id, pathname, day) DO UPDATE SET
        pageviews = u.pageviews + excluded.pageviews, pageviews_through = u.pageviews_through + excluded.pageviews`,
    sql`
      UPDATE url_pageview_day u SET pageviews_through = u.pageviews_through + later.pageviews
      FROM (
        SELECT p.site_id, p.pathname, p.day, sum(k.pageviews) AS pageviews
        FROM ${batch} JOIN url_pageview_day p ON p.site_id = k.site_id AND p.pathname = k.pathname AND p.day > k.day
        GROUP BY 1, 2, 3) later
      WHERE u.site_id = later.site_id AND u.pathname = later.pathname AND u.day = later.day`,
    chainDays('url_pageview_day', d),
  ];
}

/** The batch's fetches per site, UTC day and operator, added to `citation_operator_day`. */
function operatorDays(
  f: readonly { site: number; minute: number; operator: string; fetches: number; html: number }[],
): Sql {
  const days = new Map<
    string,
    { site: number; day: number; operator: string; fetches: number; html: number }
  >();
  for (const r of f) {
    const day = dayOf(r.minute);
    const key = JSON.stringify([r.site, day, r.operator]);
    const row = days.get(key) ?? { site: r.site, day, operator: r.operator, fetches: 0, html: 0 };
    row.fetches += r.fetches;
    row.html += r.html;
    days.set(key, row);
  }
  const d = [...days.values()];
  return sql`
    INSERT INTO citation_operator_day AS c (site_id, day, operator, fetches, html_fetches)
    SELECT * FROM unnest(${d.map((r) => r.site)}::bigint[], ${d.map((r) => iso(r.day))}::timestamptz[],
      ${d.map((r) => r.operator)}::text[], ${d.map((r) => r.fetches)}::bigint[], ${d.map((r) => r.html)}::bigint[])
    ON CONFLICT (site_id, day, operator) DO UPDATE SET
      fetches = c.fetches + excluded.fetches, html_fetches = c.html_fetches + excluded.html_fetches`;
}

/**
 * The citation gap's two inputs per URL and minute: agent fetches by operator and purpose, and
 * human arrivals (sessions by their entry page) by channel, source and, for answer-engine
 * arrivals, the operator behind the engine ('' otherwise). An arrival belongs to the
 * minute its session started; when a later hit changes a session's start, entry page or source,
 * its old arrival is taken back and the new one counted.
 */
export function foldCitationGap(
  catalog: Catalog,
  events: readonly Sequenced[],
  state: CitationGapState,
): Sql[] {
  const out: Sql[] = [];

  const fetches = new Map<
    string,
    {
      site: number;
      pathname: string;
      minute: number;
      operator: string;
      purpose: string;
      fetches: number;
      html: number;
    }
  >();
  for (const { fetch, cls } of classifiedFetches(catalog, events, state)) {
    const minute = minuteOf(fetch.ts);
    const key = JSON.stringify([fetch.site, fetch.pathname, minute, cls.operator, cls.purpose]);
    const row = fetches.get(key) ?? {
      site: fetch.site,
      pathname: fetch.pathname,
      minute,
      operator: cls.operator,
      purpose: cls.purpose,
      fetches: 0,
      html: 0,
    };
    row.fetches++;
    if (isHtml(fetch.content_type)) row.html++;
    fetches.set(key, row);
  }
  const through = new RunningTotals();
  for (const r of fetches.values()) through.add(r.site, r.pathname, r.minute, r.fetches, r.html, 0);
  if (fetches.size > 0) {
    const f = [...fetches.values()];
    out.push(operatorDays(f));
    out.push(sql`
      INSERT INTO url_fetch_minute AS u (site_id, pathname, minute, operator, purpose, fetches, html_fetches)
      SELECT * FROM unnest(${f.map((r) => r.site)}::bigint[], ${f.map((r) => r.pathname)}::text[],
        ${f.map((r) => iso(r.minute))}::timestamptz[], ${f.map((r) => r.operator)}::text[], ${f.map((r) => r.purpose)}::text[],
        ${f.map((r) => r.fetches)}::bigint[], ${f.map((r) => r.html)}::bigint[])
      ON CONFLICT (site_id, pathname, minute, operator, purpose) DO UPDATE SET
        fetches = u.fetches + excluded.fetches, html_fetches = u.html_fetches + excluded.html_fetches`);
  }

  const hits = humanHits(events).map((s) => s.event);
  if (hits.length === 0) return [...out, ...through.statements()];
  out.push(...foldPageviewDays(hits));
  const { changes } = sessionize(hits, state.sessions);
  const arrivals = new Map<
    string,
    {
      site: number;
      pathname: string;
      minute: number;
      channel: string;
      source: string;
      operator: string;
      n: number;
    }
  >();
  const arrive = (s: SessionState, n: 1 | -1) => {
    if (s.entryPath === null) return;
    const channel = s.attrs.channel ?? 'direct';
    const row = {
      site: s.site,
      pathname: s.entryPath,
      minute: minuteOf(s.started),
      channel,
      source: s.attrs.referrer_source ?? '',
      operator:
        channel === 'answer_engine'
          ? (arrivalOperator({ source: s.attrs.referrer_source, referrer: s.attrs.referrer }) ?? '')
          : '',
    };
    const key = JSON.stringify(row);
    const current = arrivals.get(key) ?? { ...row, n: 0 };
    current.n += n;
    arrivals.set(key, current);
  };
  for (const { before, after } of changes.values()) {
    if (before) arrive(before, -1);
    arrive(after, 1);
  }
  const a = [...arrivals.values()].filter((r) => r.n !== 0);
  if (a.length > 0) {
    out.push(sql`
      INSERT INTO url_arrival_minute AS u (site_id, pathname, minute, channel, source, operator, arrivals)
      SELECT * FROM unnest(${a.map((r) => r.site)}::bigint[], ${a.map((r) => r.pathname)}::text[],
        ${a.map((r) => iso(r.minute))}::timestamptz[], ${a.map((r) => r.channel)}::text[], ${a.map((r) => r.source)}::text[],
        ${a.map((r) => r.operator)}::text[], ${a.map((r) => r.n)}::bigint[])
      ON CONFLICT (site_id, pathname, minute, channel, source, operator) DO UPDATE SET arrivals = u.arrivals + excluded.arrivals`);
  }
  for (const r of a) if (r.channel === 'answer_engine') through.add(r.site, r.pathname, r.minute, 0, 0, r.n);
  out.push(...through.statements());
  out.push(
    saveSessions(
      SESSION_TABLES.citationGap,
      [...changes.values()].map((c) => c.after),
    ),
  );
  return out;
}
