import type { Statement } from '../../src/db/copy.js';
import { type CounterColumn, Counters } from '../../src/db/counters.js';
import { sql } from '../../src/db/sql.js';
import type { SessionState } from '../sessions/sessionize.js';
import { SESSION_TABLES, saveSessions } from '../sessions/store.js';
import type { GrainRows } from './deltas.js';
import { DAY_MS } from './dimensions.js';
import type { QuarterSpan, Reported } from './state.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** Each row's `at` as timestamptz text, converted once per distinct unit. */
function isoColumn(at: readonly number[]): string[] {
  const text = new Map<number, string>();
  return at.map((ms) => {
    let t = text.get(ms);
    if (t === undefined) {
      t = iso(ms);
      text.set(ms, t);
    }
    return t;
  });
}

const part = (rows: GrainRows<string>, i: number) => rows.key.map((k) => k[i]);

/** A visitor day's spans as stored: `{"<cell>": [first, last], …}`. */
function spansJson(spans: ReadonlyMap<string, QuarterSpan>): string {
  let json = '';
  for (const [cell, { first, last }] of spans)
    json += `${json === '' ? '{' : ','}${JSON.stringify(cell)}:[${first},${last}]`;
  return json === '' ? '{}' : `${json}}`;
}

/** What a fold writes. */
export interface Writes {
  /** Keys `[site, dim, value]`. */
  dimensionRows: GrainRows<'pageviews' | 'events' | 'visitors' | 'visitors_last'>;
  /** Keys `[site, name, key, value]`. */
  propertyRows: GrainRows<'events' | 'visitors' | 'visitors_last'>;
  /** Keys `[site, pathname]`. */
  pageRows: GrainRows<'entries' | 'exits' | 'scroll' | 'scroll_n' | 'engaged_ms' | 'engaged_n'>;
  /** The visitor days whose spans moved, with all their spans. */
  visitorDays: { day: number; site: number; visitor: string; spans: Map<string, QuarterSpan> }[];
  sessions: SessionState[];
  /** Per session, what its last pageview reported. */
  reported: (Reported | undefined)[];
  /** Each site of the batch with the first UTC day (days since the epoch) of its state that is kept. */
  keepFrom: { sites: number[]; days: number[] };
}

const DIMENSION_COLUMNS: readonly CounterColumn[] = [
  { name: 'site_id', type: 'bigint' },
  { name: 'at', type: 'timestamptz' },
  { name: 'pageviews', type: 'int', merge: 'add' },
  { name: 'events', type: 'int', merge: 'add' },
  { name: 'visitors', type: 'int', merge: 'add' },
  { name: 'visitors_last', type: 'int', merge: 'add' },
  { name: 'grain', type: 'smallint' },
  { name: 'dim', type: 'smallint' },
  { name: 'value', type: 'text' },
];

const PROPERTY_COLUMNS: readonly CounterColumn[] = [
  { name: 'site_id', type: 'bigint' },
  { name: 'at', type: 'timestamptz' },
  { name: 'events', type: 'int', merge: 'add' },
  { name: 'visitors', type: 'int', merge: 'add' },
  { name: 'visitors_last', type: 'int', merge: 'add' },
  { name: 'grain', type: 'smallint' },
  { name: 'name', type: 'text' },
  { name: 'key', type: 'text' },
  { name: 'value', type: 'text' },
];

/** A fold's statements: counters added, state saved, state no fold needs any more deleted. */
export function statements(w: Writes): Statement[] {
  const out: Statement[] = [];
  const dim = w.dimensionRows;
  if (dim.key.length > 0)
    out.push(
      new Counters('dimension_rollup', DIMENSION_COLUMNS, [
        part(dim, 0),
        isoColumn(dim.at),
        dim.c.pageviews,
        dim.c.events,
        dim.c.visitors,
        dim.c.visitors_last,
        dim.grain,
        part(dim, 1),
        part(dim, 2),
      ]),
    );
  const prop = w.propertyRows;
  if (prop.key.length > 0)
    out.push(
      new Counters('event_property_rollup', PROPERTY_COLUMNS, [
        part(prop, 0),
        isoColumn(prop.at),
        prop.c.events,
        prop.c.visitors,
        prop.c.visitors_last,
        prop.grain,
        part(prop, 1),
        part(prop, 2),
        part(prop, 3),
      ]),
    );
  const page = w.pageRows;
  if (page.key.length > 0)
    out.push(sql`
      INSERT INTO page_rollup AS r (site_id, at, engaged_ms, entries, exits, scroll, scroll_n, engaged_n, grain, pathname)
      SELECT * FROM unnest(${part(page, 0)}::bigint[], ${isoColumn(page.at)}::timestamptz[],
        ${page.c.engaged_ms}::bigint[], ${page.c.entries}::int[], ${page.c.exits}::int[],
        ${page.c.scroll}::int[], ${page.c.scroll_n}::int[], ${page.c.engaged_n}::int[],
        ${page.grain}::smallint[], ${part(page, 1)}::text[])
      ON CONFLICT (site_id, grain, at, pathname) DO UPDATE SET
        engaged_ms = r.engaged_ms + excluded.engaged_ms, entries = r.entries + excluded.entries,
        exits = r.exits + excluded.exits, scroll = r.scroll + excluded.scroll,
        scroll_n = r.scroll_n + excluded.scroll_n, engaged_n = r.engaged_n + excluded.engaged_n`);
  // A session's exit that moved on leaves its old page's row at zero: gone, as if never counted.
  const emptied = page.key.flatMap((_, i) => (page.c.entries[i]! < 0 || page.c.exits[i]! < 0 ? [i] : []));
  if (emptied.length > 0)
    out.push(sql`
      DELETE FROM page_rollup r USING unnest(${emptied.map((i) => page.key[i]![0])}::bigint[],
        ${emptied.map((i) => page.grain[i])}::smallint[], ${emptied.map((i) => iso(page.at[i]!))}::timestamptz[],
        ${emptied.map((i) => page.key[i]![1])}::text[]) AS d(site, grain, at, pathname)
      WHERE r.site_id = d.site AND r.grain = d.grain AND r.at = d.at AND r.pathname = d.pathname
        AND r.entries = 0 AND r.exits = 0 AND r.scroll_n = 0 AND r.engaged_n = 0`);
  const moved = w.visitorDays;
  if (moved.length > 0)
    out.push(sql`
      INSERT INTO dimension_visitor_state (site_id, day, visitor_id, spans)
      SELECT * FROM unnest(${moved.map((v) => v.site)}::bigint[], ${moved.map((v) => v.day)}::int[],
        ${moved.map((v) => v.visitor)}::text[], ${moved.map((v) => spansJson(v.spans))}::jsonb[])
      ON CONFLICT (day, site_id, visitor_id) DO UPDATE SET spans = excluded.spans`);
  const { sessions, reported } = w;
  out.push(
    saveSessions(SESSION_TABLES.dimensionRollup, sessions, [
      { name: 'last_scroll', type: 'int', values: reported.map((r) => r?.scroll ?? null) },
      { name: 'last_engaged', type: 'boolean', values: reported.map((r) => r?.engaged ?? false) },
    ]),
  );

  const { sites, days } = w.keepFrom;
  if (sites.length > 0) {
    out.push(sql`DELETE FROM dimension_visitor_state t USING unnest(${sites}::bigint[], ${days}::int[]) AS k(site_id, day)
      WHERE t.site_id = k.site_id AND t.day < k.day`);
    out.push(sql`DELETE FROM dimension_session_state t
      USING unnest(${sites}::bigint[], ${days.map((d) => iso(d * DAY_MS))}::timestamptz[]) AS k(site_id, started)
      WHERE t.site_id = k.site_id AND t.started_at < k.started`);
  }
  return out;
}
