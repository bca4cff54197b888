import { z } from 'zod';
import { type CatalogInUse, catalogInUse } from '../../catalog/in-use.js';
import { type Db, sql } from '../../db/sql.js';
import { parseLlms } from '../../policy/llms.js';
import { type ContentSignals, groupFor, parseRobots, type RobotsRule } from '../../policy/robots.js';
import { compareNone } from '../envelope/one-window.js';
import type { Query } from '../envelope/query.js';
import { fetchesIn } from '../agents/totals.js';
import { policyVersionsAt, type PolicyVersionRow } from './versions.js';

export const PolicyParams = z.object({ compare: compareNone('policy') });

/** A robots.txt group as written: its user-agent values, its rules and its Content-Signal lines. */
export interface RobotsGroupRow {
  agents: string[];
  allow: string[];
  disallow: string[];
  /** Absent when the group has no Content-Signal line. */
  content_signals?: ContentSignals;
}

/** An agent that fetched the site in the window, and what the robots.txt in force tells it. */
export interface PolicyAgentRow {
  agent_id: string;
  operator: string;
  purpose: string;
  /** Its fetches in the window that match the filters. */
  fetches: number;
  /** The robots token whose group it obeys, `*`, or null when no group applies (all allowed). */
  group: string | null;
  /** That group's rules (every group naming the token, merged, RFC 9309 §2.2.1). */
  allow: string[];
  disallow: string[];
}

/** A link of the llms.txt in force. */
export interface LlmsListedRow {
  section: string;
  /** In the `## Optional` section: a short context may skip it. */
  optional: boolean;
  title: string;
  url: string;
  notes?: string;
}

export interface PolicyListing {
  /** The robots.txt in force at the window's end; absent when the site had none then. */
  robots?: { version: number; valid_from: string; sitemaps: string[]; content_signals?: ContentSignals };
  llms?: { version: number; valid_from: string; title: string | null; summary?: string };
  groups: RobotsGroupRow[];
  agents: PolicyAgentRow[];
  listed: LlmsListedRow[];
  versions: PolicyVersionRow[];
}

const paths = (rules: readonly RobotsRule[], allow: boolean) =>
  rules.filter((r) => r.allow === allow).map((r) => r.path);

/** The agents with (filtered) fetches in the window, busiest first. */
async function fetchingAgents(db: Db, q: Query) {
  const { rows } = await db.query<Pick<PolicyAgentRow, 'agent_id' | 'operator' | 'purpose' | 'fetches'>>(sql`
    SELECT a.agent_id, a.operator, a.purpose, count(*) AS fetches
    FROM agent_fetches a WHERE ${fetchesIn(q.site, q, q.filters)}
    GROUP BY 1, 2, 3
    ORDER BY 4 DESC, a.agent_id COLLATE "C", a.operator COLLATE "C"`);
  return rows;
}

/**
 * The site's robots.txt and llms.txt in force at the window's end, as parsed: the robots groups as
 * written; per agent that fetched the site in the window (filters select its fetches), the group it
 * obeys and that group's rules; the llms.txt links; and the version history of both files.
 */
export async function policyListing(
  db: Db,
  q: Query,
  _p?: unknown,
  { catalog }: CatalogInUse = catalogInUse(),
): Promise<PolicyListing> {
  const [{ history, bodies }, fetching] = await Promise.all([
    policyVersionsAt(db, q.site, q.end),
    fetchingAgents(db, q),
  ]);
  const inForce = (kind: PolicyVersionRow['kind']) => history.find((v) => v.kind === kind && v.in_force);
  // Parsed from the text, not from policy_files.parsed: matching an agent to its group needs the
  // matcher, and versions stored before that column existed have no parsed form.
  const robots = bodies.robots === undefined ? undefined : parseRobots(bodies.robots);
  const llms = bodies.llms === undefined ? undefined : parseLlms(bodies.llms);
  const robotsVersion = inForce('robots');
  const llmsVersion = inForce('llms');
  return {
    ...(robots && robotsVersion
      ? {
          robots: {
            version: robotsVersion.version,
            valid_from: robotsVersion.valid_from,
            sitemaps: robots.sitemaps,
            ...(robots.content_signals ? { content_signals: robots.content_signals } : {}),
          },
        }
      : {}),
    ...(llms && llmsVersion
      ? {
          llms: {
            version: llmsVersion.version,
            valid_from: llmsVersion.valid_from,
            title: llms.title,
            ...(llms.summary !== undefined ? { summary: llms.summary } : {}),
          },
        }
      : {}),
    groups: (robots?.groups ?? []).map((g) => ({
      agents: g.agents,
      allow: paths(g.rules, true),
      disallow: paths(g.rules, false),
      ...(g.content_signals ? { content_signals: g.content_signals } : {}),
    })),
    agents: fetching.map((a) => {
      // An agent the catalog does not know (`unknown`) has no token of its own: the `*` group.
      const group = robots ? groupFor(robots, catalog.agent(a.agent_id)?.robots_tokens ?? []) : null;
      return {
        ...a,
        group: group?.token ?? null,
        allow: group ? paths(group.rules, true) : [],
        disallow: group ? paths(group.rules, false) : [],
      };
    }),
    listed: (llms?.sections ?? []).flatMap((s) =>
      s.links.map((l) => ({ section: s.name, optional: s.optional, ...l })),
    ),
    versions: history,
  };
}

/** `meta.rows`: the rows of every list. */
export const listingRows = (d: PolicyListing) =>
  d.groups.length + d.agents.length + d.listed.length + d.versions.length;
