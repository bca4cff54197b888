import { SESSION_FILTERS } from '../../../projections/raw-events/answers.js';
import { join, raw, type Sql, sql } from '../../db/sql.js';
import {
  type DimensionCatalog,
  filterDimensions,
  HUMAN_DIMENSIONS,
  type FilterNode,
  type FilterPlan,
  type FilterTree,
  filtersError,
  planFilter,
  type ResolvedDimension,
} from './filters.js';
import { inWindow } from './in-window.js';
import type { Window } from './range.js';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * A filter tree as a parameterised boolean expression over the read's table (`alias`, if the
 * read names it): `TRUE` for an empty tree. Values travel only as parameters; identifiers come
 * only from the catalog.
 *
 * The expression is never NULL, so it can be negated or OR-ed by a caller as well as placed in a
 * WHERE: a NULL column fails every positive test (`is`, `contains`, `gt`…) and passes every
 * negative one (`is_not`, `not_contains`, and any test under `not`), so a hit without a country
 * is "not country = DE". `not` is pushed down to the filters (De Morgan), each of which then
 * takes its negated form (`<>`, `NOT ILIKE`, `!~`, `<=`…), guarded by COALESCE only where the
 * column can be NULL; NOT NULL columns keep bare comparisons that their indexes can serve.
 */
export function compileFilters(tree: FilterTree, dimensions: DimensionCatalog, alias?: string): Sql {
  if (alias !== undefined && !IDENTIFIER.test(alias)) throw new Error(`bad table alias ${alias}`);
  return compileNode(tree, false, [], dimensions, alias);
}

function compileNode(
  node: FilterNode,
  negated: boolean,
  path: (string | number)[],
  dims: DimensionCatalog,
  alias?: string,
): Sql {
  if ('not' in node) return compileNode(node.not, !negated, [...path, 'not'], dims, alias);
  if ('and' in node || 'or' in node) {
    const [key, children] = 'and' in node ? (['and', node.and] as const) : (['or', node.or] as const);
    const conjunction = (key === 'and') !== negated;
    const parts = children.map((c, i) => compileNode(c, negated, [...path, key, i], dims, alias));
    if (parts.length === 0) return raw(conjunction ? 'TRUE' : 'FALSE');
    if (parts.length === 1) return parts[0]!;
    return join(parts, conjunction ? ' AND ' : ' OR ', '(', ')');
  }
  const planned = planFilter(node, dims);
  // A tree checked against another catalog (a segment saved for the other audience, say).
  if (!planned.ok) throw filtersError({ path: [...path, ...planned.path], message: planned.message });
  return compileFilter(planned.plan, negated, alias);
}

function compileFilter(plan: FilterPlan, negated: boolean, alias?: string): Sql {
  const negative = (plan.op === 'is_not' || plan.op === 'not_contains') !== negated;
  const test = comparison(columnOf(plan.dimension, alias), plan, negative);
  if (!plan.dimension.nullable) return test;
  return negative ? sql`COALESCE(${test}, TRUE)` : sql`COALESCE(${test}, FALSE)`;
}

/** A dimension's value as SQL over the read's table: its column, or its key of a jsonb column. */
export function columnOf(dim: ResolvedDimension, alias?: string): Sql {
  if (!IDENTIFIER.test(dim.column)) throw new Error(`bad column ${dim.column} for dimension ${dim.name}`);
  const column = raw(alias === undefined ? dim.column : `${alias}.${dim.column}`);
  return dim.key === undefined ? column : sql`(${column}->>${dim.key}::text)`;
}

/** The test for a non-NULL column; `negative` gives its exact complement. */
function comparison(col: Sql, plan: FilterPlan, negative: boolean): Sql {
  const { values, list } = plan;
  // Numbers may be fractional (`status lt 399.5`), so they are compared as numeric.
  const cast = plan.dimension.type === 'number' ? (list ? '::numeric[]' : '::numeric') : '';
  const param = sql`${list ? values : values[0]}${raw(cast)}`;
  switch (plan.op) {
    case 'is':
    case 'is_not':
      if (list) return negative ? sql`${col} <> ALL(${param})` : sql`${col} = ANY(${param})`;
      return negative ? sql`${col} <> ${param}` : sql`${col} = ${param}`;
    case 'contains':
    case 'not_contains':
    case 'starts_with':
    case 'ends_with': {
      const patterns = values.map((v) => likePattern(plan.op, String(v)));
      if (list) return negative ? sql`${col} NOT ILIKE ALL(${patterns})` : sql`${col} ILIKE ANY(${patterns})`;
      return negative ? sql`${col} NOT ILIKE ${patterns[0]}` : sql`${col} ILIKE ${patterns[0]}`;
    }
    case 'matches':
      if (list) return negative ? sql`${col} !~ ALL(${param})` : sql`${col} ~ ANY(${param})`;
      return negative ? sql`${col} !~ ${param}` : sql`${col} ~ ${param}`;
    case 'gt':
      return negative ? sql`${col} <= ${param}` : sql`${col} > ${param}`;
    case 'lt':
      return negative ? sql`${col} >= ${param}` : sql`${col} < ${param}`;
  }
}

/** LIKE's wildcards and its escape character (backslash, the default) in a value are literal. */
export function likePattern(op: FilterPlan['op'], value: string): string {
  const literal = value.replace(/[\\%_]/g, '\\$&');
  if (op === 'starts_with') return `${literal}%`;
  if (op === 'ends_with') return `%${literal}`;
  return `%${literal}%`;
}

/** `SESSION_FILTERS` as a catalog: the session row's columns of those dimensions. */
const SESSION_DIMENSIONS: DimensionCatalog = Object.fromEntries(
  [...SESSION_FILTERS].map((d) => [d, HUMAN_DIMENSIONS[d]!]),
);

/** Whether every dimension the tree names is one the `sessions` row keeps (SESSION_FILTERS). */
const onSessionRows = (filters: FilterTree): boolean =>
  [...filterDimensions(filters)].every((d) => SESSION_FILTERS.has(d));

/**
 * Whether the `sessions` row under `alias` matches a tree of SESSION_FILTERS dimensions: the hits
 * of a session not `mixed` all do then, and only then.
 */
export function sessionRowMatches(filters: FilterTree, alias: string): Sql {
  if (!onSessionRows(filters)) throw new Error('a sessions row keeps only the SESSION_FILTERS dimensions');
  if (!IDENTIFIER.test(alias)) throw new Error(`bad table alias ${alias}`);
  return compileFilters(filters, SESSION_DIMENSIONS, alias);
}

/**
 * `TRUE`, or whether the session (`sessions` row under `alias`) has a hit that matches the filters
 * (with `w`, a hit in that window, for sessions the caller knows to hold a hit there): a tree of
 * the row's own dimensions alone is answered by the row, unless the session is `mixed` (some hit
 * may differ from it there), whose hits are read.
 */
export function sessionMatches(filters: FilterTree, alias: string, w?: Window): Sql {
  const dims = filterDimensions(filters);
  if (dims.size === 0) return sql`TRUE`;
  if (!IDENTIFIER.test(alias)) throw new Error(`bad table alias ${alias}`);
  const within = w === undefined ? sql`` : sql`AND ${inWindow('e.ts', w)}`;
  const hits = sql`EXISTS (SELECT 1 FROM events e WHERE e.session_id = ${raw(`${alias}.id`)} ${within} AND ${compileFilters(filters, HUMAN_DIMENSIONS, 'e')})`;
  if (!onSessionRows(filters)) return hits;
  return sql`CASE WHEN ${raw(`${alias}.mixed`)} THEN ${hits} ELSE ${sessionRowMatches(filters, alias)} END`;
}
