import type { Catalog } from '../../src/catalog/agents.js';
import { type Sql, sql } from '../../src/db/sql.js';
import type { Sequenced } from '../projection.js';
import { type AgentFoldState, classifiedFetches } from '../agents/classify-fetch.js';
import {
  batchConfirmations,
  confirmationRows,
  recordConfirmations,
} from '../agents/address-verifications.js';

/** The agent_fetches projection's table of the reverse DNS confirmations it folded. */
export const FETCH_VERIFICATIONS = 'address_verifications';

/**
 * One row per fetch, with the classification decided now; the raw path of every agent read. A
 * reverse DNS confirmation verifies the operator's known agents' unverified fetches from the
 * address that UTC day (those of this batch are classified with it already).
 */
export function foldAgentFetches(
  catalog: Catalog,
  events: readonly Sequenced[],
  state: AgentFoldState,
): Sql[] {
  return [...insertFetches(catalog, events, state), ...confirm(catalog, events)];
}

function confirm(catalog: Catalog, events: readonly Sequenced[]): Sql[] {
  const c = batchConfirmations(catalog, events);
  if (c.length === 0) return [];
  return [
    recordConfirmations(FETCH_VERIFICATIONS, c),
    // The predicates of agent_fetches_unverified_address, so that index finds the rows.
    sql`
    UPDATE agent_fetches f SET verified = true, verified_by = 'reverse_dns'
    FROM ${confirmationRows(c)}
    WHERE f.site_id = v.site_id AND f.address_digest = v.address_digest
      AND f.ts >= v.day AND f.ts < v.day + interval '1 day' AND f.operator = v.operator
      AND f.verified_by IS NULL AND NOT f.signature_forged AND f.agent_id <> 'unknown'`,
  ];
}

function insertFetches(catalog: Catalog, events: readonly Sequenced[], state: AgentFoldState): Sql[] {
  const rows = classifiedFetches(catalog, events, state);
  if (rows.length === 0) return [];
  const col = <T>(f: (r: (typeof rows)[number]) => T) => rows.map(f);
  return [
    sql`
    INSERT INTO agent_fetches (id, seq, site_id, ts, agent_id, operator, purpose, verified, verified_by, signature_forged,
      robots_allowed, llms_listed, user_agent, method, hostname, pathname, status, bytes, duration_ms, content_type, conditional,
      address_digest, country, asn)
    SELECT * FROM unnest(${col((r) => r.fetch.id)}::uuid[], ${col((r) => r.seq)}::bigint[],
      ${col((r) => r.fetch.site)}::bigint[], ${col((r) => new Date(r.fetch.ts).toISOString())}::timestamptz[],
      ${col((r) => r.cls.agent_id)}::text[], ${col((r) => r.cls.operator)}::text[], ${col((r) => r.cls.purpose)}::text[],
      ${col((r) => r.cls.verified)}::boolean[], ${col((r) => r.cls.verified_by)}::text[],
      ${col((r) => r.cls.signature_forged)}::boolean[], ${col((r) => r.cls.robots_allowed)}::boolean[],
      ${col((r) => r.cls.llms_listed)}::boolean[], ${col((r) => r.fetch.user_agent)}::text[],
      ${col((r) => r.fetch.method)}::text[], ${col((r) => r.fetch.hostname)}::text[], ${col((r) => r.fetch.pathname)}::text[],
      ${col((r) => r.fetch.status)}::int[], ${col((r) => r.fetch.bytes)}::bigint[], ${col((r) => r.fetch.duration_ms)}::int[],
      ${col((r) => r.fetch.content_type)}::text[], ${col((r) => r.fetch.conditional === 1)}::boolean[],
      ${col((r) => r.fetch.address)}::text[], ${col((r) => r.fetch.country ?? null)}::text[],
      ${col((r) => r.fetch.asn ?? null)}::int[])`,
  ];
}
