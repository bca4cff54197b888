import type { Catalog } from '../../src/catalog/agents.js';
import { raw, type Sql, sql } from '../../src/db/sql.js';
import type { Sequenced } from '../projection.js';
import { type AgentFoldState, classifiedFetches } from '../agents/classify-fetch.js';
import { chainDays, dayOf } from './day-chain.js';
import {
  awaitsConfirmation,
  batchConfirmations,
  forgetMoved,
  matchingRows,
  recordConfirmations,
} from '../agents/address-verifications.js';
import type { AddressVerified } from '../../streams/events.js';

/** The projection's tables of the reverse DNS confirmations it folded and of the fetches they may still verify. */
export const COVERAGE_VERIFICATIONS = 'coverage_address_verifications';
export const COVERAGE_UNVERIFIED = 'coverage_unverified';

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
  const waiting = new Map<
    string,
    {
      site: number;
      digest: string;
      day: number;
      operator: string;
      pathname: string;
      agent_id: string;
      fetches: number;
    }
  >();
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
    } else if (awaitsConfirmation(catalog, cls)) {
      const w = {
        site,
        digest: fetch.address,
        day,
        operator: cls.operator,
        pathname,
        agent_id: cls.agent_id,
      };
      const wKey = JSON.stringify(w);
      const one = waiting.get(wKey) ?? { ...w, fetches: 0 };
      one.fetches++;
      waiting.set(wKey, one);
    }
  }
  const confirmed = moveConfirmed(batchConfirmations(catalog, events));
  if (urls.size === 0) return confirmed;
  const w = [...waiting.values()];
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
    ...(w.length === 0
      ? []
      : [
          sql`
    INSERT INTO ${raw(COVERAGE_UNVERIFIED)} AS u (site_id, address_digest, day, operator, pathname, agent_id, fetches)
    SELECT * FROM unnest(${w.map((r) => r.site)}::bigint[], ${w.map((r) => r.digest)}::text[],
      ${w.map((r) => iso(r.day))}::timestamptz[], ${w.map((r) => r.operator)}::text[], ${w.map((r) => r.pathname)}::text[],
      ${w.map((r) => r.agent_id)}::text[], ${w.map((r) => r.fetches)}::bigint[])
    ON CONFLICT (site_id, address_digest, day, operator, pathname, agent_id) DO UPDATE SET
      fetches = u.fetches + excluded.fetches`,
        ]),
    ...confirmed,
  ];
}

/**
 * Counts the unverified fetches the confirmations match as verified, per URL and agent and per
 * URL, UTC day and agent, then forgets them.
 */
function moveConfirmed(c: readonly AddressVerified[]): Sql[] {
  if (c.length === 0) return [];
  return [
    sql`
    UPDATE url_coverage_agents a SET verified_fetches = a.verified_fetches + m.fetches
    FROM (SELECT p.site_id, p.pathname, p.agent_id, sum(p.fetches) AS fetches
      FROM ${matchingRows(COVERAGE_UNVERIFIED, c)} GROUP BY 1, 2, 3) m
    WHERE a.site_id = m.site_id AND a.pathname = m.pathname AND a.agent_id = m.agent_id`,
    sql`
    UPDATE url_coverage_day d SET verified_fetches = d.verified_fetches + m.fetches
    FROM (SELECT p.site_id, p.pathname, p.day, p.agent_id, sum(p.fetches) AS fetches
      FROM ${matchingRows(COVERAGE_UNVERIFIED, c)} GROUP BY 1, 2, 3, 4) m
    WHERE d.site_id = m.site_id AND d.pathname = m.pathname AND d.day = m.day AND d.agent_id = m.agent_id`,
    forgetMoved(COVERAGE_UNVERIFIED, c),
    recordConfirmations(COVERAGE_VERIFICATIONS, c),
  ];
}
