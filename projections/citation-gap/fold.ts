import type { Catalog } from '../../src/catalog/agents.js';
import { type Sql, sql } from '../../src/db/sql.js';
import type { Sequenced } from '../projection.js';
import { type AgentFoldState, classifiedFetches } from '../agents/classify-fetch.js';
import { isHtml } from '../agents/response.js';
import { humanHits } from '../human-hits.js';
import { minuteOf } from '../minute.js';
import { type SessionState, sessionize } from '../sessions/sessionize.js';
import { SESSION_TABLES, saveSessions } from '../sessions/store.js';

export interface CitationGapState extends AgentFoldState {
  sessions: SessionState[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The citation gap's two inputs per URL and minute: agent fetches by operator and purpose, and
 * human arrivals (sessions by their entry page) by channel and source. An arrival belongs to the
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
  if (fetches.size > 0) {
    const f = [...fetches.values()];
    out.push(sql`
      INSERT INTO url_fetch_minute AS u (site_id, pathname, minute, operator, purpose, fetches, html_fetches)
      SELECT * FROM unnest(${f.map((r) => r.site)}::bigint[], ${f.map((r) => r.pathname)}::text[],
        ${f.map((r) => iso(r.minute))}::timestamptz[], ${f.map((r) => r.operator)}::text[], ${f.map((r) => r.purpose)}::text[],
        ${f.map((r) => r.fetches)}::bigint[], ${f.map((r) => r.html)}::bigint[])
      ON CONFLICT (site_id, pathname, minute, operator, purpose) DO UPDATE SET
        fetches = u.fetches + excluded.fetches, html_fetches = u.html_fetches + excluded.html_fetches`);
  }

  const hits = humanHits(events).map((s) => s.event);
  if (hits.length === 0) return out;
  const { changes } = sessionize(hits, state.sessions);
  const arrivals = new Map<
    string,
    { site: number; pathname: string; minute: number; channel: string; source: string; n: number }
  >();
  const arrive = (s: SessionState, n: 1 | -1) => {
    if (s.entryPath === null) return;
    const row = {
      site: s.site,
      pathname: s.entryPath,
      minute: minuteOf(s.started),
      channel: s.attrs.channel ?? 'direct',
      source: s.attrs.referrer_source ?? '',
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
      INSERT INTO url_arrival_minute AS u (site_id, pathname, minute, channel, source, arrivals)
      SELECT * FROM unnest(${a.map((r) => r.site)}::bigint[], ${a.map((r) => r.pathname)}::text[],
        ${a.map((r) => iso(r.minute))}::timestamptz[], ${a.map((r) => r.channel)}::text[], ${a.map((r) => r.source)}::text[],
        ${a.map((r) => r.n)}::bigint[])
      ON CONFLICT (site_id, pathname, minute, channel, source) DO UPDATE SET arrivals = u.arrivals + excluded.arrivals`);
  }
  out.push(
    saveSessions(
      SESSION_TABLES.citationGap,
      [...changes.values()].map((c) => c.after),
    ),
  );
  return out;
}
