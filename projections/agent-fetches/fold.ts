import type { Catalog } from '../../src/catalog/agents.js';
import { type Sql, sql } from '../../src/db/sql.js';
import type { Sequenced } from '../projection.js';
import { type AgentFoldState, classifiedFetches } from '../agents/classify-fetch.js';

/** One row per fetch, with the classification decided now; the raw path of every agent read. */
export function foldAgentFetches(
  catalog: Catalog,
  events: readonly Sequenced[],
  state: AgentFoldState,
): Sql[] {
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
