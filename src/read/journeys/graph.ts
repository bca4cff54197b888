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
  const nodes: JourneyNode[] = [];
  const links: JourneyLink[] = [];
  /** The nodes of one step by path, each made on first use. */
  const stepNodes = (step: number) => {
    const byPath = new Map<string, JourneyNode>();
    return (path: string) => {
      let n = byPath.get(path);
      if (n === undefined) {
        n = { id: nodeId(step, path), step, path, sessions: 0 };
        byPath.set(path, n);
        nodes.push(n);
      }
      return n;
    };
  };
  const entry = prune(tally(walks.map((w) => [w.paths[0]!, w.sessions])), limit);
  const entryNode = stepNodes(0);
  let at = walks.map((w) => {
    const n = entryNode(entry.get(w.paths[0]!)!);
    n.sessions += w.sessions;
    return n;
  });
  // A loop: a spread of every walk's length would pass more arguments than a call takes.
  let depth = 0;
  for (const w of walks) depth = Math.max(depth, w.paths.length - 1);
  for (let step = 1; step <= depth; step++) {
    const next = new Map<JourneyNode, Map<string, number>>();
    walks.forEach((w, i) => {
      const path = w.paths[step];
      if (path === undefined) return;
      let out = next.get(at[i]!);
      if (out === undefined) next.set(at[i]!, (out = new Map<string, number>()));
      out.set(path, (out.get(path) ?? 0) + w.sessions);
    });
    const kept = new Map([...next].map(([source, counts]) => [source, prune(counts, limit)]));
    const targetNode = stepNodes(step);
    const out = new Map<JourneyNode, Map<JourneyNode, JourneyLink>>();
    at = walks.map((w, i) => {
      const source = at[i]!;
      const path = w.paths[step];
      if (path === undefined) return source;
      const target = targetNode(kept.get(source)!.get(path)!);
      target.sessions += w.sessions;
      let from = out.get(source);
      if (from === undefined) out.set(source, (from = new Map()));
      let link = from.get(target);
      if (link === undefined) {
        link = { source: source.id, target: target.id, sessions: 0 };
        from.set(target, link);
        links.push(link);
      }
      link.sessions += w.sessions;
      return target;
    });
  }
  return order(nodes, links);
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
