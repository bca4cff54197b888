import type { Catalog } from '../../src/catalog/agents.js';
import { type CounterColumn, Counters } from '../../src/db/counters.js';
import type { Sequenced } from '../projection.js';
import { type AgentFoldState, classifiedFetches } from '../agents/classify-fetch.js';
import { isHtml, statusClass } from '../agents/response.js';
import { minuteOf } from '../minute.js';
import { AGENT_GRAINS } from './grains.js';

interface Row {
  site: number;
  minute: number;
  agent_id: string;
  operator: string;
  purpose: string;
  status_class: number;
  verified: boolean;
  fetches: number;
  html_fetches: number;
  bytes: number;
}

/**
 * Counters per minute (and per hour and day, AGENT_GRAINS) per agent, operator, purpose, status
 * class and verification, as deltas.
 */
export function foldAgentRollupMinute(
  catalog: Catalog,
  events: readonly Sequenced[],
  state: AgentFoldState,
): Counters[] {
  const rows = new Map<string, Row>();
  for (const { fetch, cls } of classifiedFetches(catalog, events, state)) {
    const r: Omit<Row, 'fetches' | 'html_fetches' | 'bytes'> = {
      site: fetch.site,
      minute: minuteOf(fetch.ts),
      agent_id: cls.agent_id,
      operator: cls.operator,
      purpose: cls.purpose,
      status_class: statusClass(fetch.status),
      verified: cls.verified,
    };
    const key = JSON.stringify(r);
    const row = rows.get(key) ?? { ...r, fetches: 0, html_fetches: 0, bytes: 0 };
    row.fetches++;
    if (isHtml(fetch.content_type)) row.html_fetches++;
    row.bytes += fetch.bytes;
    rows.set(key, row);
  }
  if (rows.size === 0) return [];
  const minutes = [...rows.values()];
  // Every grain's rows are the minute rows with the time truncated, summed.
  return AGENT_GRAINS.map((g) => {
    const list = g.ms === 60_000 ? minutes : truncated(minutes, g.ms);
    const col = <T>(f: (r: Row) => T) => list.map(f);
    return new Counters(
      g.table,
      [{ name: 'site_id', type: 'bigint' }, { name: g.column, type: 'timestamptz' }, ...COLUMNS],
      [
        col((r) => r.site),
        col((r) => new Date(r.minute).toISOString()),
        col((r) => r.agent_id),
        col((r) => r.operator),
        col((r) => r.purpose),
        col((r) => r.status_class),
        col((r) => r.verified),
        col((r) => r.fetches),
        col((r) => r.html_fetches),
        col((r) => r.bytes),
      ],
    );
  });
}

const COLUMNS: readonly CounterColumn[] = [
  { name: 'agent_id', type: 'text' },
  { name: 'operator', type: 'text' },
  { name: 'purpose', type: 'text' },
  { name: 'status_class', type: 'smallint' },
  { name: 'verified', type: 'boolean' },
  { name: 'fetches', type: 'bigint', merge: 'add' },
  { name: 'html_fetches', type: 'bigint', merge: 'add' },
  { name: 'bytes', type: 'bigint', merge: 'add' },
];

/** The rows with their minute truncated to a grain of `ms` (a divisor of a UTC day), summed by key. */
function truncated(minutes: readonly Row[], ms: number): Row[] {
  const out = new Map<string, Row>();
  for (const r of minutes) {
    const at = Math.floor(r.minute / ms) * ms;
    const key = `${r.site}\0${at}\0${r.agent_id}\0${r.operator}\0${r.purpose}\0${r.status_class}\0${r.verified}`;
    const row = out.get(key);
    if (row === undefined) out.set(key, { ...r, minute: at });
    else {
      row.fetches += r.fetches;
      row.html_fetches += r.html_fetches;
      row.bytes += r.bytes;
    }
  }
  return [...out.values()];
}
