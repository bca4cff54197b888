import type { Catalog, Purpose } from '../../catalog/agents.js';
import type { Db } from '../../db/sql.js';
import { AppError } from '../../errors/app-error.js';
import { type DiffLine, lineDiff } from '../../policy/line-diff.js';
import { buildRobots, type RobotsVerdict } from '../../policy/robots-builder.js';
import { groupIndexesFor, parseRobots, robotsAllows } from '../../policy/robots.js';
import type { RobotsSuggestQuery } from '../../policy/robots-suggest-params.js';
import { fetchesByAgent } from './fetches-by-agent.js';
import { policyBodyAt } from './versions.js';

/** How far back `disallowed_fetches` looks. */
export const SUGGESTION_WINDOW_DAYS = 30;
const MINUTE = 60_000;

export interface RobotsSuggestion {
  text: string;
  /** The robots.txt in force now; null when the site has none. */
  current: string | null;
  /** Every line of `current` (none when null) and `text`, as a line diff from the one to the other. */
  diff: DiffLine[];
  /** Per disallowing group of `text`, in file order: the fetches of the window it would have refused. */
  disallowed_fetches: { group: Purpose; fetches: number }[];
}

/**
 * The robots.txt these choices make (src/policy/robots-builder.ts), keeping the current file's
 * sitemaps, with its diff from the current file and, per group, the fetches of the last 30 days
 * it would have refused: each fetching agent is matched to the new file as a crawler reads it
 * (src/policy/robots.ts), so a fetch counts under the group whose rules the agent would obey.
 */
export async function robotsSuggestion(
  db: Db,
  site: number,
  params: RobotsSuggestQuery,
  catalog: Catalog,
  now: Date = new Date(),
): Promise<RobotsSuggestion> {
  const agents = new Map<string, RobotsVerdict>();
  for (const [i, { agent, verdict }] of params.agents.entries()) {
    const named = agentsNamed(catalog, agent);
    if (named.length === 0)
      throw new AppError('validation_error', `${agent} is no robots token or agent of the catalog`, {
        field: `agents[${i}]`,
      });
    for (const id of named) agents.set(id, verdict);
  }
  // The minute under way included: rollup rows start on whole minutes.
  const end = new Date(Math.ceil(now.getTime() / MINUTE) * MINUTE);
  const window = { start: new Date(end.getTime() - SUGGESTION_WINDOW_DAYS * 86_400_000), end };
  const [current, fetches] = await Promise.all([
    policyBodyAt(db, site, 'robots', now),
    fetchesByAgent(db, site, window),
  ]);
  const purposes = {
    training: params.training,
    search: params.search,
    user_action: params.user_action,
    other: params.other,
  };
  const sitemaps = current === null ? [] : parseRobots(current).sitemaps;
  const built = buildRobots(catalog.agents, { purposes, agents }, sitemaps);
  const parsed = parseRobots(built.text);
  const refused = built.groups.map(() => 0);
  for (const [agentId, count] of fetches) {
    const tokens = catalog.agent(agentId)?.robots_tokens ?? [];
    // Any path but /robots.txt answers for all: every group of the file is `Disallow: /` or `Allow: /`.
    if (robotsAllows(parsed, tokens, '/')) continue;
    const index = groupIndexesFor(parsed, tokens)[0];
    if (index !== undefined && index < refused.length) refused[index]! += count;
  }
  return {
    text: built.text,
    current,
    diff: lineDiff(current ?? '', built.text),
    disallowed_fetches: built.groups.map((g, i) => ({ group: g.purpose, fetches: refused[i]! })),
  };
}

/**
 * The catalog agents an override names: the agent of that id, else every agent a robots.txt
 * addresses by that token (RFC 9309 matches product tokens without regard to case).
 */
function agentsNamed(catalog: Catalog, name: string): string[] {
  if (catalog.agent(name)) return [name];
  const token = name.toLowerCase();
  return catalog.agents
    .filter((a) => a.robots_tokens.some((t) => t.toLowerCase() === token))
    .map((a) => a.agent_id);
}
