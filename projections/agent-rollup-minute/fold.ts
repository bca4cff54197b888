import type { Catalog } from '../../src/catalog/agents.js';
import { raw, type Sql, sql } from '../../src/db/sql.js';
import type { Sequenced } from '../projection.js';
import { type AgentFoldState, classifiedFetches } from '../agents/classify-fetch.js';
import { isHtml, statusClass } from '../agents/response.js';
import { minuteOf } from '../minute.js';
import { AGENT_GRAINS } from './grains.js';
import {
  awaitsConfirmation,
  batchConfirmations,
  forgetMoved,
  matchingRows,
  recordConfirmations,
} from '../agents/address-verifications.js';
import type { AddressVerified } from '../../streams/events.js';
import { dayOf } from '../agent-coverage/day-chain.js';

/** The projection's tables of the reverse DNS confirmations it folded and of the fetches they may still move. */
export const ROLLUP_VERIFICATIONS = 'agent_rollup_address_verifications';
export const ROLLUP_UNVERIFIED = 'agent_rollup_unverified';

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
  const waiting = new Map<string, Row & { digest: string; day: number }>();
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
    if (awaitsConfirmation(catalog, cls)) {
      const w = { ...r, digest: fetch.address, day: dayOf(fetch.ts) };
      const wKey = JSON.stringify(w);
      const one = waiting.get(wKey) ?? { ...w, fetches: 0, html_fetches: 0, bytes: 0, forged_fetches: 0 };
      one.fetches++;
      if (isHtml(fetch.content_type)) one.html_fetches++;
      one.bytes += fetch.bytes;
      waiting.set(wKey, one);
    }
  }
  return [
    ...addCounts(rows),
    ...keepUnverified([...waiting.values()]),
    ...moveConfirmed(batchConfirmations(catalog, events)),
  ];
}

/** Adds the batch's counts to every grain. */
function addCounts(rows: Map<string, Row>): Sql[] {
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

/** The batch's fetches a reverse DNS confirmation may still verify, kept until one comes. */
function keepUnverified(w: readonly (Row & { digest: string; day: number })[]): Sql[] {
  if (w.length === 0) return [];
  const iso = (ms: number) => new Date(ms).toISOString();
  return [
    sql`
    INSERT INTO ${raw(ROLLUP_UNVERIFIED)} AS u (site_id, address_digest, day, operator, minute, agent_id, purpose,
      status_class, fetches, html_fetches, bytes)
    SELECT * FROM unnest(${w.map((r) => r.site)}::bigint[], ${w.map((r) => r.digest)}::text[],
      ${w.map((r) => iso(r.day))}::timestamptz[], ${w.map((r) => r.operator)}::text[],
      ${w.map((r) => iso(r.minute))}::timestamptz[], ${w.map((r) => r.agent_id)}::text[],
      ${w.map((r) => r.purpose)}::text[], ${w.map((r) => r.status_class)}::smallint[],
      ${w.map((r) => r.fetches)}::bigint[], ${w.map((r) => r.html_fetches)}::bigint[], ${w.map((r) => r.bytes)}::bigint[])
    ON CONFLICT (site_id, address_digest, day, operator, minute, agent_id, purpose, status_class) DO UPDATE SET
      fetches = u.fetches + excluded.fetches, html_fetches = u.html_fetches + excluded.html_fetches,
      bytes = u.bytes + excluded.bytes`,
  ];
}

/**
 * Moves the unverified fetches the confirmations match from the unverified rows (verified_by
 * NULL) of every grain to its `reverse_dns` rows, deletes the rows left with no fetch (as if they
 * had never been counted: the order of events does not show), then forgets the moved fetches.
 */
function moveConfirmed(c: readonly AddressVerified[]): Sql[] {
  if (c.length === 0) return [];
  const out: Sql[] = [];
  for (const g of AGENT_GRAINS) {
    const at = raw(g.column);
    const t = raw(g.table);
    out.push(sql`
    WITH m AS (
      SELECT p.site_id, date_bin(${`${g.ms / 1000} seconds`}::interval, p.minute, TIMESTAMPTZ '2000-01-01 00:00+00') AS at,
        p.agent_id, p.operator, p.purpose, p.status_class, sum(p.fetches) AS fetches,
        sum(p.html_fetches) AS html_fetches, sum(p.bytes) AS bytes
      FROM ${matchingRows(ROLLUP_UNVERIFIED, c)}
      GROUP BY 1, 2, 3, 4, 5, 6),
    taken AS (
      UPDATE ${t} r SET fetches = r.fetches - m.fetches, html_fetches = r.html_fetches - m.html_fetches,
        bytes = r.bytes - m.bytes
      FROM m
      WHERE r.site_id = m.site_id AND r.${at} = m.at AND r.agent_id = m.agent_id AND r.operator = m.operator
        AND r.purpose = m.purpose AND r.status_class = m.status_class AND r.verified_by IS NULL)
    INSERT INTO ${t} AS r (site_id, ${at}, agent_id, operator, purpose, status_class, verified, verified_by,
      fetches, html_fetches, bytes)
    SELECT site_id, at, agent_id, operator, purpose, status_class, true, 'reverse_dns', fetches, html_fetches, bytes
    FROM m
    ON CONFLICT (site_id, ${at}, agent_id, operator, purpose, status_class, verified_by) DO UPDATE SET
      fetches = r.fetches + excluded.fetches, html_fetches = r.html_fetches + excluded.html_fetches,
      bytes = r.bytes + excluded.bytes`);
    out.push(sql`
    DELETE FROM ${t} r USING (
      SELECT DISTINCT p.site_id, date_bin(${`${g.ms / 1000} seconds`}::interval, p.minute,
        TIMESTAMPTZ '2000-01-01 00:00+00') AS at
      FROM ${matchingRows(ROLLUP_UNVERIFIED, c)}) m
    WHERE r.site_id = m.site_id AND r.${at} = m.at AND r.verified_by IS NULL AND r.fetches = 0`);
  }
  out.push(forgetMoved(ROLLUP_UNVERIFIED, c), recordConfirmations(ROLLUP_VERIFICATIONS, c));
  return out;
}
