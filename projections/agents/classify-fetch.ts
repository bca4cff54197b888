import type { Agent, Catalog, Purpose } from '../../src/catalog/agents.js';
import { SIGNATURE_AGENTS, type SignatureAgents } from '../../src/catalog/signature-agents.js';
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
  /** Whether any method verified it: `verified_by !== null`. */
  verified: boolean;
  verified_by: VerifiedBy | null;
  /** The fetch carried a Web Bot Auth signature that failed its checks (a forged claim). */
  signature_forged: boolean;
  robots_allowed: boolean | null;
  llms_listed: boolean | null;
}

export const UNKNOWN = 'unknown';

/** How a fetch was shown to come from its operator (the agent dimension `verified_by`). */
export type VerifiedBy = 'ip_range' | 'reverse_dns' | 'web_bot_auth';

/**
 * The operators forward-confirmed reverse DNS tied address digests to, per site and UTC day.
 * Loaded per batch with the fold state (address-verifications.ts).
 */
export interface AddressOperators {
  /** Whether `operator` was confirmed for the address digest on the fetch's UTC day at its site. */
  confirms(operator: string, address: string, ts: number, site: number): boolean;
}

export const NO_ADDRESS_OPERATORS: AddressOperators = { confirms: () => false };

/**
 * Classifies one fetch: the catalog names the agent from its user agent; it is verified only when
 * its own operator vouches for it: a valid Web Bot Auth signature by a key of the operator's
 * directory, the address in the operator's published ranges, or reverse DNS confirming the
 * address as the operator's that day (a spoofed GPTBot stays unverified). A signature that failed
 * is a forged claim: never verified, whatever the address. A user agent the catalog does not know
 * is agent `unknown`, attributed to the operator whose ranges held the address, if any. Robots and
 * llms verdicts come from the files in force at the fetch.
 */
export function classifyFetch(
  catalog: Catalog,
  policies: PolicyHistory,
  f: FetchRecorded,
  addresses: AddressOperators = NO_ADDRESS_OPERATORS,
  signers: SignatureAgents = SIGNATURE_AGENTS,
): FetchClass {
  const named = catalog.classify(f.user_agent);
  const signed =
    f.signature?.result === 'valid' ? signedAgent(catalog, signers, f.signature.agent, named) : null;
  const forged = f.signature?.result === 'invalid';
  const agent = signed ?? named;
  const robots = policies.robotsAt(f.site, f.ts);
  const llms = policies.llmsAt(f.site, f.ts);
  const verifiedBy = signed
    ? 'web_bot_auth'
    : agent && !forged
      ? verification(agent.operator, f, addresses)
      : null;
  return {
    agent_id: agent?.agent_id ?? UNKNOWN,
    operator: agent?.operator ?? f.ranges[0]?.operator ?? UNKNOWN,
    purpose: agent?.purpose ?? 'other',
    verified: verifiedBy !== null,
    verified_by: verifiedBy,
    signature_forged: forged,
    robots_allowed: robots ? robotsAllows(robots.robots, agent?.robots_tokens ?? [], f.pathname) : null,
    llms_listed: llms ? llmsLists(llms.llms, `https://${f.hostname}`, f.pathname) : null,
  };
}

type Classified = Pick<Agent, 'agent_id' | 'operator' | 'purpose' | 'robots_tokens'>;

/**
 * The agent a valid signature vouches for: the one the user agent names if it is the signing
 * operator's, else the operator's signed agent (signature-agents.json; a browser agent sends a
 * plain browser user agent). An origin the list does not know was configured by the installation
 * (AGENT_KEY_DIRECTORY_URLS): a private agent, its operator and agent both the origin's host.
 */
function signedAgent(
  catalog: Catalog,
  signers: SignatureAgents,
  origin: string | null,
  named: Agent | null,
): Classified | null {
  if (origin === null) return null;
  const entry = signers.byOrigin(origin);
  if (!entry) {
    const host = new URL(origin).host;
    return {
      agent_id: host,
      operator: host,
      purpose: named?.purpose ?? 'other',
      robots_tokens: named?.robots_tokens ?? [],
    };
  }
  if (named?.operator === entry.operator) return named;
  const listed = catalog.agent(entry.agent_id);
  return listed?.operator === entry.operator
    ? listed
    : { agent_id: entry.agent_id, operator: entry.operator, purpose: entry.purpose, robots_tokens: [] };
}

/** The first method after Web Bot Auth that vouches for `operator`'s fetch: its ranges, then reverse DNS. */
function verification(operator: string, f: FetchRecorded, addresses: AddressOperators): VerifiedBy | null {
  if (isVerified({ operator }, f.ranges)) return 'ip_range';
  if (addresses.confirms(operator, f.address, f.ts, f.site)) return 'reverse_dns';
  return null;
}

/** The agent fetches among a batch's events, with their sequences; other event types pass by. */
export function agentFetches(events: readonly Sequenced[]): Sequenced<FetchRecorded>[] {
  return events.filter((s): s is Sequenced<FetchRecorded> => s.event.type === 'FetchRecorded');
}

/** What every agent projection loads before folding: the policy history of the batch's sites. */
export interface AgentFoldState {
  policies: PolicyHistory;
  addresses?: AddressOperators;
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
    cls: classifyFetch(catalog, state.policies, event, state.addresses),
  }));
}
