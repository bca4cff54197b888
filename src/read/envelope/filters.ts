import { z } from 'zod';
import { FILTER_LIMITS } from './filter-limits.js';
import { regexProblem } from './regex-subset.js';
import { AppError } from '../../errors/app-error.js';
import { isTooDeep, MAX_JSON_DEPTH } from '../../input/json-depth.js';
import { eventColumn } from '../../../projections/raw-events/columns.js';

/*
 * The `filters` parameter of the query envelope (docs/api.md#query-envelope): a JSON array (an AND) or a
 * group of filter objects, nested to any depth. This module parses and checks it against a
 * dimension catalog; `filter-sql.ts` compiles a checked tree to SQL.
 */

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
export type Operator = (typeof OPERATORS)[number];

export { FILTER_LIMITS, regexProblem };

// ---------------------------------------------------------------------------------------------
// Dimension catalogs

export type DimensionType = 'text' | 'number' | 'boolean';

export interface Dimension {
  type: DimensionType;
  /** Column of the read's table (qualified by its alias when compiling); the name by default. */
  column?: string;
  /** False for NOT NULL columns, whose comparisons need no NULL guard (and stay index-friendly). */
  nullable?: boolean;
}

/**
 * Dimension name → dimension. A key `<prefix>.*` stands for every `<prefix>.<key>`: a text value
 * under `<key>` of the jsonb `column`.
 */
export type DimensionCatalog = Readonly<Record<string, Dimension>>;

const text: Dimension = { type: 'text' };

const textNotNull: Dimension = { type: 'text', nullable: false };

/** Human hits: columns of `events`; the session's attributes are copied onto each of its hits. */
export const HUMAN_DIMENSIONS: DimensionCatalog = {
  pathname: textNotNull,
  hostname: textNotNull,
  kind: textNotNull,
  name: text,
  channel: text,
  source: { type: 'text', column: eventColumn('source') },
  referrer: text,
  utm_medium: text,
  utm_campaign: text,
  utm_term: text,
  utm_content: text,
  country: text,
  region: text,
  city: text,
  asn: { type: 'number' },
  device: text,
  browser: text,
  os: text,
  screen: text,
  lang: text,
  identity: text,
  status: { type: 'number' },
  'props.*': { type: 'text', column: 'props' },
};

/** Agent fetches: columns of `agent_fetches`. */
export const AGENT_DIMENSIONS: DimensionCatalog = {
  agent_id: textNotNull,
  operator: textNotNull,
  purpose: textNotNull,
  verified: { type: 'boolean', nullable: false },
  // ip_range, reverse_dns or web_bot_auth; null for an unverified fetch.
  verified_by: text,
  // Null when no robots.txt / llms.txt was in force.
  robots_allowed: { type: 'boolean' },
  llms_listed: { type: 'boolean' },
  pathname: textNotNull,
  hostname: textNotNull,
  method: textNotNull,
  status: { type: 'number', nullable: false },
  content_type: textNotNull,
  country: text,
  asn: { type: 'number' },
  bytes: { type: 'number', nullable: false },
  duration_ms: { type: 'number', nullable: false },
};

/**
 * `audience=all`: the dimensions both readerships have, with the same meaning and type, so one
 * filter narrows people's hits and agents' fetches alike.
 */
export const ALL_DIMENSIONS: DimensionCatalog = Object.fromEntries(
  Object.entries(HUMAN_DIMENSIONS).filter(
    ([name, d]) => AGENT_DIMENSIONS[name]?.type === d.type && AGENT_DIMENSIONS[name]?.column === d.column,
  ),
);

export interface ResolvedDimension {
  name: string;
  type: DimensionType;
  column: string;
  nullable: boolean;
  /** For a `<prefix>.<key>` dimension: the key inside the jsonb column. */
  key?: string;
}

const PROPERTY_KEY = /^[A-Za-z0-9_.-]{1,64}$/;

type Resolution = { ok: true; dimension: ResolvedDimension } | { ok: false; message: string };

export function resolveDimension(catalog: DimensionCatalog, name: string): Resolution {
  const fixed = Object.hasOwn(catalog, name) && !name.endsWith('.*') ? catalog[name] : undefined;
  if (fixed)
    return {
      ok: true,
      dimension: { name, type: fixed.type, column: fixed.column ?? name, nullable: fixed.nullable ?? true },
    };
  const dot = name.indexOf('.');
  const prefix = name.slice(0, dot);
  const family = dot > 0 && Object.hasOwn(catalog, `${prefix}.*`) ? catalog[`${prefix}.*`] : undefined;
  if (!family)
    return { ok: false, message: `unknown dimension ${quote(name)}; one of ${dimensionNames(catalog)}` };
  const key = name.slice(dot + 1);
  if (!PROPERTY_KEY.test(key))
    return {
      ok: false,
      message: `invalid property key ${quote(key)}; ${prefix}.<key> takes 1 to 64 of A-Z a-z 0-9 _ . -`,
    };
  return {
    ok: true,
    dimension: { name, type: family.type, column: family.column ?? prefix, nullable: true, key },
  };
}

function dimensionNames(catalog: DimensionCatalog): string {
  return Object.keys(catalog)
    .map((k) => (k.endsWith('.*') ? `${k.slice(0, -1)}<key>` : k))
    .join(', ');
}

// ---------------------------------------------------------------------------------------------
// The shape, as zod checks it: the single source of the types below

const required = (expected: string) => (iss: { input?: unknown }) =>
  iss.input === undefined ? 'required' : `expected ${expected}`;

const Text = z
  .string({ error: required('a string') })
  .max(FILTER_LIMITS.text, `at most ${FILTER_LIMITS.text} characters`)
  // A NUL cannot travel in a PostgreSQL text parameter: it would fail as a database error.
  .refine((s) => !s.includes('\0'), 'must not contain a NUL character');

const Scalar = z.union([Text, z.number(), z.boolean()], { error: 'expected a string, number or boolean' });

const FilterValue = z.union(
  [
    Text,
    z.number(),
    z.boolean(),
    z
      .array(Scalar)
      .min(1, 'at least one value')
      .max(FILTER_LIMITS.values, `at most ${FILTER_LIMITS.values} values`),
  ],
  { error: required('a string, number, boolean or array') },
);

const unexpectedKey = (iss: { code?: string; keys?: string[]; input?: unknown }) =>
  iss.code === 'unrecognized_keys'
    ? `unexpected key ${quote(iss.keys?.[0] ?? '')}`
    : required('an object')(iss);

const Filter = z.strictObject(
  {
    dimension: z.string({ error: required('a string') }).max(100, 'at most 100 characters'),
    op: z.enum(OPERATORS, {
      error: (iss) =>
        iss.input === undefined
          ? 'required'
          : `unknown operator ${quote(iss.input)}; one of ${OPERATORS.join(', ')}`,
    }),
    value: FilterValue,
  },
  { error: unexpectedKey },
);

const group = { error: required('an array') };

const AndGroup = z.strictObject(
  {
    get and() {
      return z.array(FilterNode, group);
    },
  },
  { error: unexpectedKey },
);

const OrGroup = z.strictObject(
  {
    get or() {
      return z.array(FilterNode, group);
    },
  },
  { error: unexpectedKey },
);

const NotGroup = z.strictObject(
  {
    get not() {
      return FilterNode;
    },
  },
  { error: unexpectedKey },
);

const NODE_SHAPES = 'a filter {"dimension","op","value"} or a group {"and":[…]}, {"or":[…]} or {"not":…}';

/** Branch order matters: `explain` below picks the branch an input meant by its keys. */
export const FilterNode = z.union([Filter, AndGroup, OrGroup, NotGroup], {
  error: required(NODE_SHAPES),
});

export type FilterValue = z.infer<typeof FilterValue>;
export type Filter = z.infer<typeof Filter>;
export type FilterNode = z.infer<typeof FilterNode>;
/** A parsed `filters` parameter: a top-level array arrives as an `and` group. */
export type FilterTree = FilterNode;

export const EMPTY_FILTERS: FilterTree = { and: [] };

const FilterInput = z.union([z.array(FilterNode), FilterNode], {
  error: 'expected a JSON array of filters or a group',
});

// ---------------------------------------------------------------------------------------------
// Checks that need more than the shape

type Path = (string | number)[];
interface Problem {
  path: Path;
  message: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Counts and depth are checked on the raw value before zod walks it, so an absurdly deep input
 * is refused without recursing through all of it.
 */
function boundsProblem(input: unknown): Problem | undefined {
  let filters = 0;
  let regexes = 0;
  let tooDeep = false;
  const visit = (node: unknown, depth: number): void => {
    if (tooDeep || filters > FILTER_LIMITS.filters) return;
    const children = Array.isArray(node)
      ? node
      : isObject(node) && ('and' in node || 'or' in node || 'not' in node)
        ? [node.and, node.or, node.not].flatMap((c) => (Array.isArray(c) ? c : c === undefined ? [] : [c]))
        : undefined;
    if (children === undefined) {
      filters++;
      if (isObject(node) && node.op === 'matches')
        regexes += Array.isArray(node.value) ? node.value.length : 1;
      return;
    }
    if (depth + 1 > FILTER_LIMITS.depth) {
      tooDeep = true;
      return;
    }
    for (const c of children) visit(c, depth + 1);
  };
  // A top-level array is a group of its own, so it counts as one level.
  visit(input, 0);
  if (tooDeep) return { path: [], message: `groups nest at most ${FILTER_LIMITS.depth} deep` };
  if (filters > FILTER_LIMITS.filters)
    return { path: [], message: `at most ${FILTER_LIMITS.filters} filters in all` };
  if (regexes > FILTER_LIMITS.regexes)
    return { path: [], message: `at most ${FILTER_LIMITS.regexes} regular expressions in all` };
  return undefined;
}

export type Scalar = string | number | boolean;

/** One filter, checked against a catalog, with its values as the column's type wants them. */
export interface FilterPlan {
  dimension: ResolvedDimension;
  op: Operator;
  values: Scalar[];
  /** The value was an array: any of (or, for `is_not` / `not_contains`, none of) its items. */
  list: boolean;
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

type Planned = { ok: true; plan: FilterPlan } | ({ ok: false } & Problem);

/** The catalog's rules for one filter; both the parser and the compiler go through here. */
export function planFilter(filter: Filter, catalog: DimensionCatalog): Planned {
  const fail = (path: Path, message: string): Planned => ({ ok: false, path, message });
  const resolved = resolveDimension(catalog, filter.dimension);
  if (!resolved.ok) return fail(['dimension'], resolved.message);
  const dim = resolved.dimension;
  const { op } = filter;
  const list = Array.isArray(filter.value);
  const items: Scalar[] = Array.isArray(filter.value) ? filter.value : [filter.value];
  const at = (i: number): Path => (list ? ['value', i] : ['value']);
  const values: Scalar[] = [];

  if (dim.type === 'boolean') {
    if (op !== 'is' && op !== 'is_not') return fail(['op'], `${dim.name} is true or false; use is or is_not`);
    for (const [i, v] of items.entries()) {
      const b = v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined;
      if (b === undefined) return fail(at(i), `${dim.name} takes true or false`);
      values.push(b);
    }
  } else if (dim.type === 'number') {
    if (op !== 'is' && op !== 'is_not' && op !== 'gt' && op !== 'lt')
      return fail(['op'], `${op} does not apply to numeric dimension ${dim.name}; use is, is_not, gt or lt`);
    if ((op === 'gt' || op === 'lt') && list) return fail(['value'], `${op} takes one number, not an array`);
    for (const [i, v] of items.entries()) {
      const n = typeof v === 'number' ? v : typeof v === 'string' && NUMERIC.test(v) ? Number(v) : NaN;
      if (!Number.isFinite(n))
        return fail(at(i), `${dim.name} is numeric; ${typeof v === 'string' ? quote(v) : v} is not a number`);
      values.push(n);
    }
  } else {
    if (op === 'gt' || op === 'lt')
      return fail(['op'], `${op} needs a numeric dimension; ${dim.name} is text`);
    for (const [i, v] of items.entries()) {
      if (typeof v === 'boolean') return fail(at(i), `${dim.name} is text; expected a string, not ${v}`);
      const s = String(v);
      if (op === 'matches') {
        const problem = regexProblem(s);
        if (problem) return fail(at(i), problem);
      }
      values.push(s);
    }
  }
  return { ok: true, plan: { dimension: dim, op, values, list } };
}

function catalogProblem(input: FilterNode[] | FilterNode, catalog: DimensionCatalog): Problem | undefined {
  const visit = (node: FilterNode, path: Path): Problem | undefined => {
    if ('and' in node) return first(node.and, (c, i) => visit(c, [...path, 'and', i]));
    if ('or' in node) return first(node.or, (c, i) => visit(c, [...path, 'or', i]));
    if ('not' in node) return visit(node.not, [...path, 'not']);
    const planned = planFilter(node, catalog);
    return planned.ok ? undefined : { path: [...path, ...planned.path], message: planned.message };
  };
  return Array.isArray(input) ? first(input, (c, i) => visit(c, [i])) : visit(input, []);
}

function first<T, R>(items: T[], f: (item: T, i: number) => R | undefined): R | undefined {
  for (const [i, item] of items.entries()) {
    const r = f(item, i);
    if (r !== undefined) return r;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Parsing the parameter

function fromJsonText(input: unknown, ctx: z.RefinementCtx): unknown {
  if (typeof input !== 'string') return input;
  if (input.trim() === '') return [];
  if (isTooDeep(input)) {
    ctx.issues.push({ code: 'custom', message: `JSON may nest at most ${MAX_JSON_DEPTH} levels`, input });
    return z.NEVER;
  }
  try {
    return JSON.parse(input);
  } catch {
    ctx.issues.push({ code: 'custom', message: 'not valid JSON', input });
    return z.NEVER;
  }
}

function toTree(input: FilterNode[] | FilterNode): FilterTree {
  return Array.isArray(input) ? { and: input } : input;
}

const schemas = new WeakMap<DimensionCatalog, z.ZodType<FilterTree>>();

/**
 * The `filters` parameter against one catalog: JSON text (from a query string) or the parsed
 * value (from a tool call), to a tree. Issues carry the path inside the parameter.
 */
export function filtersSchema(catalog: DimensionCatalog): z.ZodType<FilterTree> {
  let schema = schemas.get(catalog);
  if (!schema) {
    schema = z
      .unknown()
      .transform(fromJsonText)
      .check((ctx) => {
        const problem = boundsProblem(ctx.value);
        if (problem) ctx.issues.push({ code: 'custom', input: ctx.value, ...problem });
      })
      .pipe(FilterInput)
      .check((ctx) => {
        const problem = catalogProblem(ctx.value, catalog);
        if (problem) ctx.issues.push({ code: 'custom', input: ctx.value, ...problem });
      })
      .transform(toTree);
    schemas.set(catalog, schema);
  }
  return schema;
}

/**
 * Parses `filters` for a read over `catalog`; absent means no filter. A bad parameter is a
 * `400 validation_error` with `field` = `filters` and a message naming where and what is wrong.
 */
export function parseFilters(input: unknown, catalog: DimensionCatalog): FilterTree {
  if (input === undefined) return EMPTY_FILTERS;
  const r = filtersSchema(catalog).safeParse(input);
  if (r.success) return r.data;
  const problem = explain(r.error.issues[0]!, parsedInput(input), []);
  throw filtersError(problem);
}

export function filtersError(problem: Problem): AppError {
  return new AppError('validation_error', `${pathText(problem.path)}: ${problem.message}`, {
    field: 'filters',
  });
}

function parsedInput(input: unknown): unknown {
  if (typeof input === 'string' && isTooDeep(input)) return undefined;
  try {
    return typeof input === 'string' ? JSON.parse(input) : input;
  } catch {
    return undefined;
  }
}

type UnionRole = 'input' | 'node' | 'value' | 'item';

/**
 * zod reports a union that failed with every branch's issues; the useful one is the branch the
 * input meant (`{"or":…}` is an or-group however wrong its children), found from the input.
 */
function explain(issue: z.core.$ZodIssue, root: unknown, at: Path, role?: UnionRole): Problem {
  const path = [...at, ...(issue.path as Path)];
  if (issue.code !== 'invalid_union') return { path, message: issue.message };
  const input = path.reduce<unknown>(
    (v, k) => (v as Record<string | number, unknown> | undefined)?.[k],
    root,
  );
  const r = role ?? roleAt(path);
  const branch = pickBranch(r, input);
  const next = branch === undefined ? undefined : issue.errors[branch]?.[0];
  if (!next) return { path, message: issue.message };
  return explain(next, root, path, next.path.length === 0 && r === 'input' ? 'node' : undefined);
}

function roleAt(path: Path): UnionRole {
  const last = path.at(-1);
  if (last === undefined) return 'input';
  if (last === 'value') return 'value';
  return typeof last === 'number' && path.at(-2) === 'value' ? 'item' : 'node';
}

function pickBranch(role: UnionRole, input: unknown): number | undefined {
  switch (role) {
    case 'input':
      return Array.isArray(input) ? 0 : isObject(input) ? 1 : undefined;
    case 'node':
      if (!isObject(input)) return undefined;
      return 'and' in input ? 1 : 'or' in input ? 2 : 'not' in input ? 3 : 0;
    case 'value':
      return Array.isArray(input) ? 3 : typeof input === 'string' ? 0 : undefined;
    case 'item':
      return typeof input === 'string' ? 0 : undefined;
  }
}

function pathText(path: Path): string {
  return path.reduce<string>((s, k) => (typeof k === 'number' ? `${s}[${k}]` : `${s}.${k}`), 'filters');
}

function quote(v: unknown): string {
  const s = typeof v === 'string' ? v : String(v);
  return JSON.stringify(s.length > 64 ? `${s.slice(0, 64)}…` : s);
}

// ---------------------------------------------------------------------------------------------
// Trees

/** The dimensions a tree filters on, e.g. to tell whether a rollup carries them all. */
export function filterDimensions(tree: FilterTree): Set<string> {
  const out = new Set<string>();
  const visit = (node: FilterNode): void => {
    if ('and' in node) node.and.forEach(visit);
    else if ('or' in node) node.or.forEach(visit);
    else if ('not' in node) visit(node.not);
    else out.add(node.dimension);
  };
  visit(tree);
  return out;
}

/** A saved segment applied to a request: both must hold. */
export function mergeFilters(segment: FilterTree, request: FilterTree): FilterTree {
  const parts = [segment, request].flatMap((t) => ('and' in t ? t.and : [t]));
  return parts.length === 1 ? parts[0]! : { and: parts };
}
