/**
 * The filter language (docs/api.md#query-envelope) as the dashboard holds it: filters and groups
 * (`and`, `or`, `not`), a view's top-level list being an `and`, and the builder's editable form.
 */
export type FilterValue = string | number | (string | number)[];
export interface Filter {
  dimension: string;
  op: string;
  value: FilterValue;
}
export type FilterNode = Filter | { and: FilterNode[] } | { or: FilterNode[] } | { not: FilterNode };

/** Every operator of the envelope, in the builder's order. */
export const OPERATORS = [
  'is',
  'is_not',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'matches',
  'gt',
  'lt',
] as const;

/** People's dimensions (`props.<key>` is a property, typed apart) and agents' (src/read/envelope/filters.ts). */
export const HUMAN_DIMENSIONS = [
  'pathname',
  'hostname',
  'kind',
  'name',
  'channel',
  'source',
  'referrer',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'country',
  'region',
  'city',
  'asn',
  'device',
  'browser',
  'os',
  'screen',
  'lang',
  'identity',
  'status',
] as const;
export const AGENT_DIMENSIONS = [
  'agent_id',
  'operator',
  'purpose',
  'verified',
  'verified_by',
  'robots_allowed',
  'llms_listed',
  'pathname',
  'hostname',
  'method',
  'status',
  'content_type',
  'country',
  'asn',
  'bytes',
  'duration_ms',
] as const;
const NUMERIC = new Set(['asn', 'status', 'bytes', 'duration_ms']);

/** The envelope's bounds the builder keeps to (src/read/envelope/filter-limits.ts). */
export const MAX_DEPTH = 8;
export const MAX_FILTERS = 50;

export const isFilter = (n: FilterNode): n is Filter => 'dimension' in n;

/**
 * Whether a parsed JSON value is a filter node, nested at most `depth` levels: a hand-edited link
 * is checked before it is used.
 */
export function isNode(n: unknown, depth = 16): n is FilterNode {
  if (typeof n !== 'object' || n === null || depth <= 0) return false;
  const o = n as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length === 1 && (keys[0] === 'and' || keys[0] === 'or'))
    return Array.isArray(o[keys[0]]) && (o[keys[0]] as unknown[]).every((c) => isNode(c, depth - 1));
  if (keys.length === 1 && keys[0] === 'not') return isNode(o.not, depth - 1);
  const scalar = (v: unknown) => typeof v === 'string' || typeof v === 'number';
  return (
    typeof o.dimension === 'string' &&
    typeof o.op === 'string' &&
    (scalar(o.value) || (Array.isArray(o.value) && o.value.every(scalar)))
  );
}

/** The dimensions a node names. */
export function nodeDimensions(n: FilterNode): string[] {
  if (isFilter(n)) return [n.dimension];
  if ('not' in n) return nodeDimensions(n.not);
  return ('and' in n ? n.and : n.or).flatMap(nodeDimensions);
}

// ---------------------------------------------------------------------------------------------
// The builder's form: every group with its combination and whether it is negated.

export interface Condition {
  dimension: string;
  /** The key of a `props.<key>` dimension. */
  key: string;
  op: string;
  value: string;
}
export interface Group {
  combine: 'and' | 'or';
  negate: boolean;
  items: (Condition | Group)[];
}

export const isGroup = (x: Condition | Group): x is Group => 'items' in x;
export const emptyCondition = (): Condition => ({ dimension: 'pathname', key: '', op: 'is', value: '' });
export const emptyGroup = (): Group => ({ combine: 'and', negate: false, items: [] });

function conditionOf(f: Filter): Condition {
  const prop = f.dimension.startsWith('props.');
  return {
    dimension: prop ? 'props' : f.dimension,
    key: prop ? f.dimension.slice(6) : '',
    op: f.op,
    value: Array.isArray(f.value) ? f.value.join(', ') : String(f.value),
  };
}

function groupOf(n: FilterNode): Group {
  if (isFilter(n)) return { ...emptyGroup(), items: [conditionOf(n)] };
  if ('not' in n) return { ...groupOf(n.not), negate: true };
  const [combine, items] = 'and' in n ? (['and', n.and] as const) : (['or', n.or] as const);
  return { combine, negate: false, items: items.map((c) => (isFilter(c) ? conditionOf(c) : groupOf(c))) };
}

/** A view's filters as the builder's root group (their top-level list is an `and`). */
export function toGroup(filters: readonly FilterNode[]): Group {
  return groupOf({ and: [...filters] });
}

/**
 * A condition's value as the envelope takes it: a number for numeric dimensions and `gt`/`lt`;
 * with `is`/`is_not`, values separated by commas are a list (any of, none of).
 */
function valueOf(c: Condition): FilterValue {
  const numeric = NUMERIC.has(c.dimension) || c.op === 'gt' || c.op === 'lt';
  const one = (s: string) => (numeric && s.trim() !== '' && !Number.isNaN(Number(s)) ? Number(s) : s);
  if ((c.op === 'is' || c.op === 'is_not') && c.value.includes(',')) {
    const values = c.value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    return values.map(one);
  }
  return one(c.op === 'matches' ? c.value : c.value.trim());
}

function filterOf(c: Condition): Filter {
  return {
    dimension: c.dimension === 'props' ? `props.${c.key.trim()}` : c.dimension,
    op: c.op,
    value: valueOf(c),
  };
}

function nodeOf(g: Group): FilterNode | null {
  const items = g.items.flatMap((x) => {
    const n = isGroup(x) ? nodeOf(x) : filterOf(x);
    return n === null ? [] : [n];
  });
  if (items.length === 0) return null;
  const grouped: FilterNode = g.combine === 'and' ? { and: items } : { or: items };
  // One condition needs no group of its own.
  const node = items.length === 1 && isFilter(items[0]!) ? items[0]! : grouped;
  return g.negate ? { not: node } : node;
}

/** The root group as a view's filters: an `and` that is not negated is the top-level list itself. */
export function fromGroup(root: Group): FilterNode[] {
  const node = nodeOf(root);
  if (node === null) return [];
  return 'and' in node ? node.and : [node];
}

/** How many filters and how deep the groups: what the envelope bounds. */
export function treeSize(g: Group, depth = 1): { filters: number; depth: number } {
  let filters = 0;
  let deepest = depth;
  for (const x of g.items)
    if (isGroup(x)) {
      const s = treeSize(x, depth + 1);
      filters += s.filters;
      deepest = Math.max(deepest, s.depth);
    } else filters++;
  return { filters, depth: deepest };
}
