import type { Catalog } from '../../src/catalog/agents.js';
import type { Statement } from '../../src/db/copy.js';
import { type CounterColumn, Counters } from '../../src/db/counters.js';
import { sql } from '../../src/db/sql.js';
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

const SPAN: readonly CounterColumn[] = [
  { name: 'first_crawl', type: 'timestamptz', merge: 'least' },
  { name: 'last_crawl', type: 'timestamptz', merge: 'greatest' },
];
const URL_COLUMNS: readonly CounterColumn[] = [
  { name: 'site_id', type: 'bigint' },
  { name: 'pathname', type: 'text' },
  ...SPAN,
  { name: 'fetches', type: 'bigint', merge: 'add' },
  { name: 'bytes', type: 'bigint', merge: 'add' },
];
const AGENT_COLUMNS: readonly CounterColumn[] = [
  { name: 'site_id', type: 'bigint' },
  { name: 'pathname', type: 'text' },
  { name: 'agent_id', type: 'text' },
  ...SPAN,
  { name: 'fetches', type: 'bigint', merge: 'add' },
  { name: 'verified_fetches', type: 'bigint', merge: 'add' },
];
const AGENT_DAY_COLUMNS: readonly CounterColumn[] = [
  { name: 'site_id', type: 'bigint' },
  { name: 'pathname', type: 'text' },
  { name: 'day', type: 'timestamptz' },
  { name: 'agent_id', type: 'text' },
  ...SPAN,
  { name: 'fetches', type: 'bigint', merge: 'add' },
  { name: 'verified_fetches', type: 'bigint', merge: 'add' },
];

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
): Statement[] {
  const urls = new Map<string, Span & { bytes: number }>();
  const agents = new Map<string, Span & { agent_id: string; verified: number }>();
  const agentDays = new Map<string, Span & { day: number; agent_id: string; verified: number }>();
  const urlDays = new Map<string, Span & { day: number }>();
  const widen = (s: Span, ts: number) => {
    if (ts < s.first) s.first = ts;
    if (ts > s.last) s.last = ts;
    s.fetches++;
  };
  for (const { fetch, cls } of classifiedFetches(catalog, events, state)) {
    const { site, pathname, ts } = fetch;
    const day = dayOf(ts);
    // NUL cannot occur in a stored path, so it separates the parts of a key.
    const key = `${site}\u0000${pathname}`;
    const agentKey = `${key}\u0000${cls.agent_id}`;
    const dayKey = `${key}\u0000${day}`;
    const agentDayKey = `${dayKey}\u0000${cls.agent_id}`;
    let url = urls.get(key);
    if (!url) urls.set(key, (url = { site, pathname, first: ts, last: ts, fetches: 0, bytes: 0 }));
    let agent = agents.get(agentKey);
    if (!agent)
      agents.set(
        agentKey,
        (agent = { site, pathname, first: ts, last: ts, fetches: 0, agent_id: cls.agent_id, verified: 0 }),
      );
    let agentDay = agentDays.get(agentDayKey);
    if (!agentDay)
      agentDays.set(
        agentDayKey,
        (agentDay = {
          site,
          pathname,
          day,
          first: ts,
          last: ts,
          fetches: 0,
          agent_id: cls.agent_id,
          verified: 0,
        }),
      );
    let urlDay = urlDays.get(dayKey);
    if (!urlDay) urlDays.set(dayKey, (urlDay = { site, pathname, day, first: ts, last: ts, fetches: 0 }));
    widen(url, ts);
    widen(agent, ts);
    widen(agentDay, ts);
    widen(urlDay, ts);
    url.bytes += fetch.bytes;
    if (cls.verified) {
      agent.verified++;
      agentDay.verified++;
    }
  }
  if (urls.size === 0) return [];
  const u = [...urls.values()];
  const a = [...agents.values()];
  const d = [...agentDays.values()];
  const days = [...urlDays.values()];
  return [
    new Counters('url_coverage', URL_COLUMNS, [
      u.map((r) => r.site),
      u.map((r) => r.pathname),
      u.map((r) => iso(r.first)),
      u.map((r) => iso(r.last)),
      u.map((r) => r.fetches),
      u.map((r) => r.bytes),
    ]),
    new Counters('url_coverage_agents', AGENT_COLUMNS, [
      a.map((r) => r.site),
      a.map((r) => r.pathname),
      a.map((r) => r.agent_id),
      a.map((r) => iso(r.first)),
      a.map((r) => iso(r.last)),
      a.map((r) => r.fetches),
      a.map((r) => r.verified),
    ]),
    new Counters('url_coverage_day', AGENT_DAY_COLUMNS, [
      d.map((r) => r.site),
      d.map((r) => r.pathname),
      d.map((r) => iso(r.day)),
      d.map((r) => r.agent_id),
      d.map((r) => iso(r.first)),
      d.map((r) => iso(r.last)),
      d.map((r) => r.fetches),
      d.map((r) => r.verified),
    ]),
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
