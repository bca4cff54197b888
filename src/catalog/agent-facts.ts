import type { Agent, RangeFeed, RangeFile } from './agents.js';

/** What the catalog generator derives from its input lists, before writing agents.json and operators.json. */
export interface AgentFacts {
  agents: Map<string, Agent>;
  /** The literal tokens each generated `ua_pattern` matches, to check that nothing shadows them. */
  matchTokens: Map<string, string[]>;
  /** bot-verification family name → its agents' ids. */
  families: Map<string, string[]>;
  ranges: RangeFile[];
  feeds: Map<string, RangeFeed[]>;
  rdns: Map<string, Set<string>>;
  /**
   * Candidate docs links per operator, best first: legitbot's docs, the link of ai-robots'
   * `operator`, the knownagents.com page ai-robots cites.
   */
  docs: Map<string, string[]>;
  /** Operators the general bot lists brought: name and docs link. */
  madeOperators: Map<string, { name: string; docs_url: string }>;
  /** Entries of the general bot lists whose expression is no token list, with the reason. */
  refused: string[];
}
