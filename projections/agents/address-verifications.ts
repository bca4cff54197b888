import type { Catalog } from '../../src/catalog/agents.js';
import { type Db, raw, type Sql, sql } from '../../src/db/sql.js';
import type { AddressVerified, FetchRecorded } from '../../streams/events.js';
import type { Sequenced } from '../projection.js';
import { dayOf } from '../agent-coverage/day-chain.js';
import {
  type AddressOperators,
  type AgentFoldState,
  type FetchClass,
  loadAgentFoldState,
  NO_ADDRESS_OPERATORS,
} from './classify-fetch.js';

/**
 * Forward-confirmed reverse DNS in the agent projections. A confirmation (AddressVerified) vouches
 * for its operator's fetches from the address on the site's UTC day, whichever comes first in the
 * stream: fetches folded after it classify as `reverse_dns` (the projection's own table of the
 * confirmations it folded, plus the batch's), and those folded before it are moved by it. Only the
 * first confirmation of a (site, address, day, operator) moves anything: what it moves is
 * deleted, so a repeated event folds to nothing and the order of events never changes the result.
 */

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString();
const keyOf = (site: number, digest: string, day: number) => `${site}\u0000${digest}\u0000${day}`;

const rdnsByCatalog = new WeakMap<Catalog, ReadonlySet<string>>();

/** Operators whose documentation prescribes reverse DNS (`rdns_domains` in the catalog). */
export function rdnsOperators(catalog: Catalog): ReadonlySet<string> {
  let set = rdnsByCatalog.get(catalog);
  if (!set) {
    set = new Set(catalog.operators.filter((o) => o.rdns_domains.length > 0).map((o) => o.id));
    rdnsByCatalog.set(catalog, set);
  }
  return set;
}

/**
 * The batch's confirmations for operators the catalog prescribes reverse DNS for (another one
 * verifies nothing, before or after a fetch alike), the first of each (site, address, day, operator).
 */
export function batchConfirmations(catalog: Catalog, events: readonly Sequenced[]): AddressVerified[] {
  const operators = rdnsOperators(catalog);
  const out = new Map<string, AddressVerified>();
  for (const { event: e } of events) {
    if (e.type !== 'AddressVerified' || !operators.has(e.operator)) continue;
    // The first in stream order, as a table row's first insert stays: its `domain` is the one kept.
    const key = `${keyOf(e.site, e.address, dayMs(e.day))}\u0000${e.operator}`;
    if (!out.has(key)) out.set(key, e);
  }
  return [...out.values()];
}

/**
 * The fold state of an agent projection that keys by verification: the policies, and the
 * operators confirmed for the batch's fetches from `table`, the projection's own confirmations.
 */
export async function loadVerifiedFoldState(
  db: Db,
  catalog: Catalog,
  table: string,
  events: readonly Sequenced[],
): Promise<AgentFoldState> {
  const [state, addresses] = await Promise.all([
    loadAgentFoldState(db, events),
    loadAddressOperators(db, catalog, table, events),
  ]);
  return { ...state, addresses };
}

/**
 * The operators confirmed for the batch's fetches' (site, address digest, UTC day): from
 * `table` (the confirmations this projection folded before) and from the batch itself.
 */
export async function loadAddressOperators(
  db: Db,
  catalog: Catalog,
  table: string,
  events: readonly Sequenced[],
): Promise<AddressOperators> {
  const keys = new Map<string, { site: number; digest: string; day: number }>();
  for (const { event: e } of events)
    if (e.type === 'FetchRecorded') keys.set(keyOf(e.site, e.address, dayOf(e.ts)), fetchKey(e));
  const confirmed = new Set<string>();
  const add = (site: number, digest: string, day: number, operator: string) =>
    confirmed.add(`${keyOf(site, digest, day)}\u0000${operator}`);
  for (const c of batchConfirmations(catalog, events)) add(c.site, c.address, dayMs(c.day), c.operator);
  if (keys.size > 0) {
    const k = [...keys.values()];
    const { rows } = await db.query<{
      site_id: string;
      address_digest: string;
      day: Date;
      operator: string;
    }>(sql`
      SELECT v.site_id, v.address_digest, v.day, v.operator FROM ${raw(table)} v
      JOIN unnest(${k.map((r) => r.site)}::bigint[], ${k.map((r) => r.digest)}::text[],
        ${k.map((r) => iso(r.day))}::timestamptz[]) AS k(site_id, address_digest, day)
        ON v.site_id = k.site_id AND v.address_digest = k.address_digest AND v.day = k.day`);
    const known = rdnsOperators(catalog);
    for (const r of rows)
      if (known.has(r.operator)) add(Number(r.site_id), r.address_digest, r.day.getTime(), r.operator);
  }
  if (confirmed.size === 0) return NO_ADDRESS_OPERATORS;
  return {
    confirms: (operator, address, ts, site) =>
      confirmed.has(`${keyOf(site, address, dayOf(ts))}\u0000${operator}`),
  };
}

function fetchKey(f: FetchRecorded) {
  return { site: f.site, digest: f.address, day: dayOf(f.ts) };
}

/** Whether a confirmation may still verify this fetch: a known agent of an rdns operator, verified by nothing yet. */
export function awaitsConfirmation(catalog: Catalog, cls: FetchClass): boolean {
  return (
    cls.verified_by === null &&
    !cls.signature_forged &&
    cls.agent_id !== 'unknown' &&
    rdnsOperators(catalog).has(cls.operator)
  );
}

/** The confirmations as an unnest of (site_id, address_digest, day, operator, domain), aliased `v`. */
export function confirmationRows(c: readonly AddressVerified[]): Sql {
  return sql`unnest(${c.map((r) => r.site)}::bigint[], ${c.map((r) => r.address)}::text[],
    ${c.map((r) => iso(dayMs(r.day)))}::timestamptz[], ${c.map((r) => r.operator)}::text[],
    ${c.map((r) => r.domain)}::text[]) AS v(site_id, address_digest, day, operator, domain)`;
}

/** Records the confirmations in a projection's own table (a repeated one is already there). */
export function recordConfirmations(table: string, c: readonly AddressVerified[]): Sql {
  return sql`
    INSERT INTO ${raw(table)} (site_id, address_digest, day, operator, domain)
    SELECT * FROM ${confirmationRows(c)}
    ON CONFLICT DO NOTHING`;
}

/** The rows of a table of unverified fetches that the confirmations match, aliased `p` (joined with `v`). */
export function matchingRows(table: string, c: readonly AddressVerified[]): Sql {
  return sql`${raw(table)} p JOIN ${confirmationRows(c)}
    ON p.site_id = v.site_id AND p.address_digest = v.address_digest AND p.day = v.day AND p.operator = v.operator`;
}

/** Deletes the unverified fetches the confirmations moved. */
export function forgetMoved(table: string, c: readonly AddressVerified[]): Sql {
  return sql`
    DELETE FROM ${raw(table)} p USING ${confirmationRows(c)}
    WHERE p.site_id = v.site_id AND p.address_digest = v.address_digest AND p.day = v.day AND p.operator = v.operator`;
}
