import { z } from 'zod';
import type { Agent, Operator, Purpose } from '../../catalog/agents.js';
import { type CatalogInUse, catalogInUse } from '../../catalog/in-use.js';
import { type Db, sql } from '../../db/sql.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { AGENT_DIMENSIONS, filterDimensions } from '../envelope/filters.js';
import { compareNone } from '../envelope/one-window.js';
import type { Query } from '../envelope/query.js';
import { fetchesIn } from './totals.js';

export const CatalogParams = z.object({ compare: compareNone('the catalog') });

export interface CatalogAgentRow {
  agent_id: string;
  name: string;
  operator: string;
  purpose: Purpose;
  /** The names a robots.txt addresses the agent by. */
  robots_tokens: string[];
  /** Whether the agent says it obeys robots.txt: `yes`, `no` or `unknown`. */
  respects_robots: Agent['respects_robots'];
  /** Whether its operator publishes the address ranges of its crawlers (a feed). */
  publishes_ranges: boolean;
  /** Whether twofold holds a snapshot of those ranges: only then can a fetch be verified. */
  verifiable: boolean;
  description: string;
}

export interface CatalogOperatorRow {
  operator: string;
  name: string;
  /** Where the operator documents its crawlers; null when it documents none. */
  docs_url: string | null;
  publishes_ranges: boolean;
  verifiable: boolean;
  /** Its agents among those listed. */
  agents: number;
  /** Hosts of its answer engines, whose referred visitors are its arrivals. */
  answer_engines: string[];
}

export interface AgentCatalog {
  agents: CatalogAgentRow[];
  operators: CatalogOperatorRow[];
}

/** What a catalog entry is, as opposed to what a fetch was: these filters test the entry itself. */
const ENTRY_DIMENSIONS: ReadonlySet<string> = new Set(['agent_id', 'operator', 'purpose']);

/**
 * The known agents the filters select. Filters on the entry's own dimensions test the entry; a
 * filter that names any dimension of a fetch (status, pathname, verified, country…) selects the
 * agents with a matching fetch of the site in the window, since only a fetch has those.
 */
async function selectedAgents(db: Db, q: Query, agents: readonly Agent[]): Promise<Set<string>> {
  const dims = filterDimensions(q.filters);
  if (dims.size === 0) return new Set(agents.map((a) => a.agent_id));
  const { rows } = await db.query<{ agent_id: string }>(
    [...dims].every((d) => ENTRY_DIMENSIONS.has(d))
      ? sql`
        SELECT c.agent_id FROM unnest(${agents.map((a) => a.agent_id)}::text[],
          ${agents.map((a) => a.operator)}::text[], ${agents.map((a) => a.purpose)}::text[])
          AS c(agent_id, operator, purpose)
        WHERE ${compileFilters(q.filters, AGENT_DIMENSIONS, 'c')}`
      : sql`SELECT DISTINCT a.agent_id FROM agent_fetches a WHERE ${fetchesIn(q.site, q, q.filters)}`,
  );
  return new Set(rows.map((r) => r.agent_id));
}

const publishesRanges = (o: Operator | undefined) => (o?.ranges_feeds.length ?? 0) > 0;

// By code unit, as PostgreSQL's C collation and the generated catalog files order ids.
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The known-agent catalog the process classifies with (CATALOG_DIR): each agent with its operator,
 * purpose and whether its fetches can be verified; each operator of the listed agents with its
 * docs link. The same for every site; `site` and the window matter only to filters on fetches.
 */
export async function agentCatalog(
  db: Db,
  q: Query,
  _p?: unknown,
  { catalog, verifiable }: CatalogInUse = catalogInUse(),
): Promise<AgentCatalog> {
  const selected = await selectedAgents(db, q, catalog.agents);
  const listed = [...catalog.agents]
    .filter((a) => selected.has(a.agent_id))
    .sort((a, b) => byId(a.agent_id, b.agent_id));
  const perOperator = new Map<string, number>();
  for (const a of listed) perOperator.set(a.operator, (perOperator.get(a.operator) ?? 0) + 1);
  const agents = listed.map((a): CatalogAgentRow => {
    const operator = catalog.operator(a.operator);
    return {
      agent_id: a.agent_id,
      name: a.name,
      operator: a.operator,
      purpose: a.purpose,
      robots_tokens: a.robots_tokens,
      respects_robots: a.respects_robots,
      publishes_ranges: publishesRanges(operator),
      verifiable: verifiable.has(a.operator),
      description: a.description,
    };
  });
  const operators = [...catalog.operators]
    .filter((o) => perOperator.has(o.id))
    .sort((a, b) => byId(a.id, b.id))
    .map((o): CatalogOperatorRow => ({
      operator: o.id,
      name: o.name,
      docs_url: o.docs_url,
      publishes_ranges: publishesRanges(o),
      verifiable: verifiable.has(o.id),
      agents: perOperator.get(o.id)!,
      answer_engines: o.answer_engines,
    }));
  return { agents, operators };
}

/** `meta.rows`: the rows of both lists. */
export const catalogRows = (d: AgentCatalog) => d.agents.length + d.operators.length;
