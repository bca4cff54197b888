import type { Catalog } from '../../src/catalog/agents.js';
import { type Sql, sql } from '../../src/db/sql.js';
import type { Sequenced } from '../projection.js';
import { type AgentFoldState, classifiedFetches } from '../agents/classify-fetch.js';
import { chainDays, dayOf } from './day-chain.js';

interface Span {
  site: number;
  pathname: string;
  first: number;
  last: number;
  fetches: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Per URL: first and last crawl, fetches and bytes; per URL and agent: the same span and how many
 * of its fetches were verified; the same per URL, UTC day and agent (`url_coverage_day`), and per
 * URL and UTC day the last crawl and fetches, chained to the URL's next day (`url_crawl_day`).
 * Spans widen with LEAST/GREATEST and counts add, so late rows (backfill) fold in.
 */
export function foldAgentCoverage(
  catalog: Catalog,
  events: readonly Sequenced[],
  state: AgentFoldState,
): Sql[] {
  const urls = new Map<string, Span & { bytes: number }>();
  const agents = new Map<string, Span & { agent_id: string; verified: number }>();
  const agentDays = new Map<string, Span & { day: number; agent_id: string; verified: number }>();
  const urlDays = new Map<string, Span & { day: number }>();
  for (const { fetch, cls } of classifiedFetches(catalog, events, state)) {
    const widen = <T extends Span>(map: Map<string, T>, key: string, fresh: () => T) => {
      const s = map.get(key) ?? fresh();
      s.first = Math.min(s.first, fetch.ts);
      s.last = Math.max(s.last, fetch.ts);
      s.fetches++;
      map.set(key, s);
      return s;
    };
    const base = { site: fetch.site, pathname: fetch.pathname, first: fetch.ts, last: fetch.ts, fetches: 0 };
    const url = widen(urls, JSON.stringify([fetch.site, fetch.pathname]), () => ({ ...base, bytes: 0 }));
    url.bytes += fetch.bytes;
    const agent = widen(agents, JSON.stringify([fetch.site, fetch.pathname, cls.agent_id]), () => ({
      ...base,
      agent_id: cls.agent_id,
      verified: 0,
    }));
    if (cls.verified) agent.verified++;
    const day = dayOf(fetch.ts);
    const agentDay = widen(
      agentDays,
      JSON.stringify([fetch.site, fetch.pathname, day, cls.agent_id]),
      () => ({
        ...base,
        day,
        agent_id: cls.agent_id,
        verified: 0,
      }),
    );
    if (cls.verified) agentDay.verified++;
    widen(urlDays, JSON.stringify([fetch.site, fetch.pathname, day]), () => ({ ...base, day }));
  }
  if (urls.size === 0) return [];
  const u = [...urls.values()];
  const a = [...agents.values()];
  const d = [...agentDays.values()];
  const days = [...urlDays.values()];
  return [
    sql`
    INSERT INTO url_coverage AS c (site_id, pathname, first_crawl, last_crawl, fetches, bytes)
    SELECT * FROM unnest(${u.map((r) => r.site)}::bigint[], ${u.map((r) => r.pathname)}::text[],
      ${u.map((r) => iso(r.first))}::timestamptz[], ${u.map((r) => iso(r.last))}::timestamptz[],
      ${u.map((r) => r.fetches)}::bigint[], ${u.map((r) => r.bytes)}::bigint[])
    ON CONFLICT (site_id, pathname) DO UPDATE SET
      first_crawl = LEAST(c.first_crawl, excluded.first_crawl), last_crawl = GREATEST(c.last_crawl, excluded.last_crawl),
      fetches = c.fetches + excluded.fetches, bytes = c.bytes + excluded.bytes`,
    sql`
    INSERT INTO url_coverage_agents AS c (site_id, pathname, agent_id, first_crawl, last_crawl, fetches, verified_fetches)
    SELECT * FROM unnest(${a.map((r) => r.site)}::bigint[], ${a.map((r) => r.pathname)}::text[],
      ${a.map((r) => r.agent_id)}::text[], ${a.map((r) => iso(r.first))}::timestamptz[],
      ${a.map((r) => iso(r.last))}::timestamptz[], ${a.map((r) => r.fetches)}::bigint[], ${a.map((r) => r.verified)}::bigint[])
    ON CONFLICT (site_id, pathname, agent_id) DO UPDATE SET
      first_crawl = LEAST(c.first_crawl, excluded.first_crawl), last_crawl = GREATEST(c.last_crawl, excluded.last_crawl),
      fetches = c.fetches + excluded.fetches, verified_fetches = c.verified_fetches + excluded.verified_fetches`,
    sql`
    INSERT INTO url_coverage_day AS c (site_id, pathname, day, agent_id, first_crawl, last_crawl, fetches, verified_fetches)
    SELECT * FROM unnest(${d.map((r) => r.site)}::bigint[], ${d.map((r) => r.pathname)}::text[],
      ${d.map((r) => iso(r.day))}::timestamptz[], ${d.map((r) => r.agent_id)}::text[],
      ${d.map((r) => iso(r.first))}::timestamptz[], ${d.map((r) => iso(r.last))}::timestamptz[],
      ${d.map((r) => r.fetches)}::bigint[], ${d.map((r) => r.verified)}::bigint[])
    ON CONFLICT (site_id, pathname, day, agent_id) DO UPDATE SET
      first_crawl = LEAST(c.first_crawl, excluded.first_crawl), last_crawl = GREATEST(c.last_crawl, excluded.last_crawl),
      fetches = c.fetches + excluded.fetches, verified_fetches = c.verified_fetches + excluded.verified_fetches`,
    sql`
    INSERT INTO url_crawl_day AS c (site_id, pathname, day, last_crawl, fetches)
    SELECT * FROM unnest(${days.map((r) => r.site)}::bigint[], ${days.map((r) => r.pathname)}::text[],
      ${days.map((r) => iso(r.day))}::timestamptz[], ${days.map((r) => iso(r.last))}::timestamptz[],
      ${days.map((r) => r.fetches)}::bigint[])
    ON CONFLICT (site_id, pathname, day) DO UPDATE SET
      last_crawl = GREATEST(c.last_crawl, excluded.last_crawl), fetches = c.fetches + excluded.fetches`,
    chainDays('url_crawl_day', days),
  ];
}
