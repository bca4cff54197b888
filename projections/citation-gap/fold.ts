import type { Catalog } from '../../src/catalog/agents.js';
import type { Statement } from '../../src/db/copy.js';
import { Counters } from '../../src/db/counters.js';
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
): Counters {
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
  return new Counters(
    'citation_operator_day',
    [
      { name: 'site_id', type: 'bigint' },
      { name: 'day', type: 'timestamptz' },
      { name: 'operator', type: 'text' },
      { name: 'fetches', type: 'bigint', merge: 'add' },
      { name: 'html_fetches', type: 'bigint', merge: 'add' },
    ],
    [
      d.map((r) => r.site),
      d.map((r) => iso(r.day)),
      d.map((r) => r.operator),
      d.map((r) => r.fetches),
      d.map((r) => r.html),
    ],
  );
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
): Statement[] {
  const out: Statement[] = [];

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
    out.push(
      new Counters(
        'url_fetch_minute',
        [
          { name: 'site_id', type: 'bigint' },
          { name: 'pathname', type: 'text' },
          { name: 'minute', type: 'timestamptz' },
          { name: 'operator', type: 'text' },
          { name: 'purpose', type: 'text' },
          { name: 'fetches', type: 'bigint', merge: 'add' },
          { name: 'html_fetches', type: 'bigint', merge: 'add' },
        ],
        [
          f.map((r) => r.site),
          f.map((r) => r.pathname),
          f.map((r) => iso(r.minute)),
          f.map((r) => r.operator),
          f.map((r) => r.purpose),
          f.map((r) => r.fetches),
          f.map((r) => r.html),
        ],
      ),
    );
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
    out.push(
      new Counters(
        'url_arrival_minute',
        [
          { name: 'site_id', type: 'bigint' },
          { name: 'pathname', type: 'text' },
          { name: 'minute', type: 'timestamptz' },
          { name: 'channel', type: 'text' },
          { name: 'source', type: 'text' },
          { name: 'operator', type: 'text' },
          { name: 'arrivals', type: 'bigint', merge: 'add' },
        ],
        [
          a.map((r) => r.site),
          a.map((r) => r.pathname),
          a.map((r) => iso(r.minute)),
          a.map((r) => r.channel),
          a.map((r) => r.source),
          a.map((r) => r.operator),
          a.map((r) => r.n),
        ],
      ),
    );
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
