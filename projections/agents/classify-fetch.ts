import type { Catalog, Purpose } from '../../src/catalog/agents.js';
import { isVerified } from '../../src/catalog/operator-ranges.js';
import { llmsLists } from '../../src/policy/llms.js';
import { robotsAllows } from '../../src/policy/robots.js';
import type { FetchRecorded } from '../../streams/events.js';
import type { Db } from '../../src/db/sql.js';
import type { Sequenced } from '../projection.js';
import { loadPolicies, type PolicyHistory } from './policies.js';

/** What a fetch is, decided when folding so that a rebuild after a catalog change decides again. */
export interface FetchClass {
  agent_id: string;
  operator: string;
  purpose: Purpose;
  verified: boolean;
  robots_allowed: boolean | null;
  llms_listed: boolean | null;
}

export const UNKNOWN = 'unknown';

/**
 * Classifies one fetch: the catalog names the agent from its user agent; it is verified only when
 * the address lay in its own operator's published ranges (a spoofed GPTBot stays unverified). A
 * user agent the catalog does not know is agent `unknown`, attributed to the operator whose ranges
 * held the address, if any. Robots and llms verdicts come from the files in force at the fetch.
 */
export function classifyFetch(catalog: Catalog, policies: PolicyHistory, f: FetchRecorded): FetchClass {
  const agent = catalog.classify(f.user_agent);
  const robots = policies.robotsAt(f.site, f.ts);
  const llms = policies.llmsAt(f.site, f.ts);
  return {
    agent_id: agent?.agent_id ?? UNKNOWN,
    operator: agent?.operator ?? f.ranges[0]?.operator ?? UNKNOWN,
    purpose: agent?.purpose ?? 'other',
    verified: agent ? isVerified(agent, f.ranges) : false,
    robots_allowed: robots ? robotsAllows(robots.robots, agent?.robots_tokens ?? [], f.pathname) : null,
    llms_listed: llms ? llmsLists(llms.llms, `https://${f.hostname}`, f.pathname) : null,
  };
}

/** The agent fetches among a batch's events, with their sequences; other event types pass by. */
export function agentFetches(events: readonly Sequenced[]): Sequenced<FetchRecorded>[] {
  return events.filter((s): s is Sequenced<FetchRecorded> => s.event.type === 'FetchRecorded');
}

/** What every agent projection loads before folding: the policy history of the batch's sites. */
export interface AgentFoldState {
  policies: PolicyHistory;
}

export async function loadAgentFoldState(db: Db, events: readonly Sequenced[]): Promise<AgentFoldState> {
  const sites = agentFetches(events).map((s) => s.event.site);
  return { policies: await loadPolicies(db, sites) };
}

/** The batch's fetches with their classification, in stream order. */
export function classifiedFetches(catalog: Catalog, events: readonly Sequenced[], state: AgentFoldState) {
  return agentFetches(events).map(({ seq, event }) => ({
    seq,
    fetch: event,
    cls: classifyFetch(catalog, state.policies, event),
  }));
}
