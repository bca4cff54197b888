/** The pageviews a session made from its journey's start: the start page, then up to `depth` more. */
export interface Walk {
  paths: readonly string[];
  sessions: number;
}

export interface JourneyNode {
  /** `<step>:<path>`: a page at a step (the pages merged at that step are `<step>:(other)`). */
  id: string;
  step: number;
  path: string;
  sessions: number;
}

export interface JourneyLink {
  source: string;
  target: string;
  sessions: number;
}

export interface Journeys {
  nodes: JourneyNode[];
  links: JourneyLink[];
}

export const OTHER = '(other)';

const nodeId = (step: number, path: string) => `${step}:${path}`;

/** Most sessions first, then by path, `(other)` after every page. */
const busiestFirst = (a: [string, number], b: [string, number]) =>
  b[1] - a[1] || Number(a[0] === OTHER) - Number(b[0] === OTHER) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** Sessions per path, the busiest `limit` kept; with more, `limit - 1` kept and the rest one `(other)`. */
function prune(counts: Map<string, number>, limit: number): Map<string, string> {
  const ranked = [...counts].sort(busiestFirst);
  const keep = ranked.length > limit ? limit - 1 : ranked.length;
  return new Map(ranked.map(([path], i) => [path, i < keep ? path : OTHER]));
}

/**
 * The journeys' nodes and links, step by step: at each step the sessions of a node go on to their
 * next page, and at most `limit` links leave the node (its busiest next pages, the rest merged into
 * the step's `(other)` node, which goes on like any page). Step 0 holds one node per first page
 * (the start page, or with entries every entry page, pruned the same way). A node's `sessions` is
 * the sum of the links into it; a session that ends before `depth` simply stops.
 */
export function journeyGraph(walks: readonly Walk[], limit: number): Journeys {
  const nodes = new Map<string, JourneyNode>();
  const links = new Map<string, JourneyLink>();
  const node = (step: number, path: string, sessions: number) => {
    const id = nodeId(step, path);
    const n = nodes.get(id) ?? { id, step, path, sessions: 0 };
    n.sessions += sessions;
    nodes.set(id, n);
    return id;
  };
  const entry = prune(tally(walks.map((w) => [w.paths[0]!, w.sessions])), limit);
  let at = walks.map((w) => node(0, entry.get(w.paths[0]!)!, w.sessions));
  const depth = Math.max(0, ...walks.map((w) => w.paths.length - 1));
  for (let step = 1; step <= depth; step++) {
    const next = new Map<string, Map<string, number>>();
    walks.forEach((w, i) => {
      const path = w.paths[step];
      if (path === undefined) return;
      const out = next.get(at[i]!) ?? new Map<string, number>();
      out.set(path, (out.get(path) ?? 0) + w.sessions);
      next.set(at[i]!, out);
    });
    const kept = new Map([...next].map(([source, counts]) => [source, prune(counts, limit)]));
    at = walks.map((w, i) => {
      const path = w.paths[step];
      if (path === undefined) return at[i]!;
      const target = node(step, kept.get(at[i]!)!.get(path)!, w.sessions);
      const key = `${at[i]}\u0000${target}`;
      const link = links.get(key) ?? { source: at[i]!, target, sessions: 0 };
      link.sessions += w.sessions;
      links.set(key, link);
      return target;
    });
  }
  return order([...nodes.values()], [...links.values()]);
}

function tally(pairs: [string, number][]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [path, n] of pairs) counts.set(path, (counts.get(path) ?? 0) + n);
  return counts;
}

/** Nodes by step, busiest first; links by their source's place, then busiest first. */
function order(nodes: JourneyNode[], links: JourneyLink[]): Journeys {
  nodes.sort((a, b) => a.step - b.step || busiestFirst([a.path, a.sessions], [b.path, b.sessions]));
  const place = new Map(nodes.map((n, i) => [n.id, i]));
  links.sort(
    (a, b) =>
      place.get(a.source)! - place.get(b.source)! ||
      b.sessions - a.sessions ||
      place.get(a.target)! - place.get(b.target)!,
  );
  return { nodes, links };
}
