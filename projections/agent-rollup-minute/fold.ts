import type { Catalog } from '../../src/catalog/agents.js';
import { raw, type Sql, sql } from '../../src/db/sql.js';
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
  verified_by: string | null;
  fetches: number;
  html_fetches: number;
  bytes: number;
  forged_fetches: number;
}

/**
 * Counters per minute (and per hour and day, AGENT_GRAINS) per agent, operator, purpose, status
 * class and verification method, as deltas; with the fetches whose signature was forged.
 */
export function foldAgentRollupMinute(
  catalog: Catalog,
  events: readonly Sequenced[],
  state: AgentFoldState,
): Sql[] {
  const rows = new Map<string, Row>();
  for (const { fetch, cls } of classifiedFetches(catalog, events, state)) {
    const r: Omit<Row, 'fetches' | 'html_fetches' | 'bytes' | 'forged_fetches'> = {
      site: fetch.site,
      minute: minuteOf(fetch.ts),
      agent_id: cls.agent_id,
      operator: cls.operator,
      purpose: cls.purpose,
      status_class: statusClass(fetch.status),
      verified: cls.verified,
      verified_by: cls.verified_by,
    };
    const key = JSON.stringify(r);
    const row = rows.get(key) ?? { ...r, fetches: 0, html_fetches: 0, bytes: 0, forged_fetches: 0 };
    row.fetches++;
    if (cls.signature_forged) row.forged_fetches++;
    if (isHtml(fetch.content_type)) row.html_fetches++;
    row.bytes += fetch.bytes;
    rows.set(key, row);
  }
  if (rows.size === 0) return [];
  const list = [...rows.values()];
  const col = <T>(f: (r: Row) => T) => list.map(f);
  // Every grain's rows are the minute rows with the time truncated, summed (in SQL, per statement).
  return AGENT_GRAINS.map((g) => {
    const at = raw(g.column);
    return sql`
    INSERT INTO ${raw(g.table)} AS r (site_id, ${at}, agent_id, operator, purpose, status_class, verified,
      verified_by, fetches, html_fetches, bytes, forged_fetches)
    SELECT site_id, date_bin(${`${g.ms / 1000} seconds`}::interval, minute, TIMESTAMPTZ '2000-01-01 00:00+00'),
      agent_id, operator, purpose, status_class, verified, verified_by, sum(fetches), sum(html_fetches), sum(bytes),
      sum(forged_fetches)
    FROM unnest(${col((r) => r.site)}::bigint[], ${col((r) => new Date(r.minute).toISOString())}::timestamptz[],
      ${col((r) => r.agent_id)}::text[], ${col((r) => r.operator)}::text[], ${col((r) => r.purpose)}::text[],
      ${col((r) => r.status_class)}::smallint[], ${col((r) => r.verified)}::boolean[], ${col((r) => r.verified_by)}::text[],
      ${col((r) => r.fetches)}::bigint[],
      ${col((r) => r.html_fetches)}::bigint[], ${col((r) => r.bytes)}::bigint[], ${col((r) => r.forged_fetches)}::bigint[])
      AS k(site_id, minute, agent_id, operator, purpose, status_class, verified, verified_by, fetches, html_fetches,
        bytes, forged_fetches)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (site_id, ${at}, agent_id, operator, purpose, status_class, verified_by) DO UPDATE SET
      fetches = r.fetches + excluded.fetches, html_fetches = r.html_fetches + excluded.html_fetches,
      bytes = r.bytes + excluded.bytes, forged_fetches = r.forged_fetches + excluded.forged_fetches`;
  });
}
