import type { Answers, Metric } from '../../../projections/answers.js';
import { ROLLUP_MINUTE_ANSWERS } from '../../../projections/rollup-minute/answers.js';
import { type Filter, type FilterTree, filterDimensions } from '../envelope/filters.js';
import type { Window } from '../envelope/range.js';

export type { Answers, Metric };

/** What a read needs from its source. */
export interface ReadNeeds {
  window: Window;
  /** Starts of the buckets the window is cut into (none: one figure for the whole window). */
  bucketStarts?: readonly Date[];
  filters?: FilterTree;
  /** The dimension the read breaks down by. */
  dimension?: string;
  /** The first and last row of the data the read covers (null: none), for sources that keep all time. */
  extent?: { first: Date | null; last: Date | null };
  metrics: readonly Metric[];
  /**
   * The time of the site's newest hit (null: none), read when the window's end falls off a unit
   * (src/read/plan/newest-hit.ts); absent, such a window never ends after the data.
   */
  newest?: Date | null;
}

const DAY_MS = 86_400_000;

/** A span from `start` to `end` lying strictly inside one UTC day, touching neither midnight. */
const insideOneDay = (start: number, end: number) =>
  start % DAY_MS !== 0 && end < Math.floor(start / DAY_MS) * DAY_MS + DAY_MS;

/** Whether no UTC day holds two of the cuts (window edges, bucket starts inside it) off midnight. */
function oneCutADay(needs: ReadNeeds): boolean {
  const { start, end } = needs.window;
  const inside = (needs.bucketStarts ?? []).filter((s) => s > start && s < end);
  const cuts = new Set([start, end, ...inside].map((d) => d.getTime()).filter((t) => t % DAY_MS !== 0));
  return new Set([...cuts].map((t) => Math.floor(t / DAY_MS))).size === cuts.size;
}

/** Whether the window holds every row of the read's data (none: any window does). */
function holdsExtent({ window: w, extent }: ReadNeeds): boolean {
  if (extent === undefined) return false;
  return extent.first === null || extent.last === null || (extent.first >= w.start && extent.last < w.end);
}

/** Whether the window ends after every hit the site has: its newest unit then holds no hit past the end. */
export const endsAfterData = ({ window: w, newest }: Pick<ReadNeeds, 'window' | 'newest'>): boolean =>
  newest === null || (newest !== undefined && newest < w.end);

/** The one filter of a tree that holds only it (alone or as an `and` of one), if it is `is` one text value. */
export function oneValueFilter(
  tree: FilterTree | undefined,
): { dimension: string; value: string } | undefined {
  let node = tree;
  while (node !== undefined && 'and' in node && node.and.length === 1) node = node.and[0];
  if (node === undefined || !('op' in node) || node.op !== 'is') return undefined;
  const f: Filter = node;
  const value = Array.isArray(f.value) ? (f.value.length === 1 ? f.value[0] : undefined) : f.value;
  return typeof value === 'string' ? { dimension: f.dimension, value } : undefined;
}

/** Whether `a`'s tables answer the read exactly. */
export function answers(a: Answers, needs: ReadNeeds): boolean {
  if (needs.filters && [...filterDimensions(needs.filters)].some((d) => !a.filters.has(d))) return false;
  if (a.oneValueFilter && oneValueFilter(needs.filters) === undefined) return false;
  if (needs.dimension !== undefined && !a.breakdowns.has(needs.dimension)) return false;
  if (needs.metrics.some((m) => !a.metrics.has(m))) return false;
  if (a.rawEdges) return true;
  const starts = needs.bucketStarts ?? [];
  const onUnit = (d: Date) => d.getTime() % a.unitMs === 0;
  const open = a.partialLastUnit === true && endsAfterData(needs);
  if (![needs.window.start, ...starts].every(onUnit) || !(open || onUnit(needs.window.end))) return false;
  const spans =
    starts.length === 0
      ? [[needs.window.start, needs.window.end] as const]
      : starts.map((s, i) => [s, starts[i + 1] ?? needs.window.end] as const);
  if (
    a.visitorsFromMidnight &&
    needs.metrics.includes('visitors') &&
    spans.some(([s, e], i) => insideOneDay(s.getTime(), e.getTime()) && !(open && i === spans.length - 1))
  )
    return false;
  if (a.oneCutADay && !oneCutADay(needs)) return false;
  if (a.allTime && !holdsExtent(needs)) return false;
  return true;
}

/** The first source (in the caller's order of preference) that answers the read, else the raw hits. */
export function plan(needs: ReadNeeds, sources: readonly Answers[]): Answers | 'raw' {
  return sources.find((a) => answers(a, needs)) ?? 'raw';
}

export type Source = 'rollup' | 'raw';

/** `rollup` when `source` answers the read, else `raw`. */
export const sourceOf = (needs: ReadNeeds, source: Answers): Source =>
  plan(needs, [source]) === 'raw' ? 'raw' : 'rollup';

/**
 * Totals by minute from the minute rollups or from the raw tables: the rollups answer when both
 * window edges and the starts of the buckets fall on whole minutes (any other edge would split a
 * minute; only zones' historical offsets in seconds give such buckets), or the end falls after the
 * site's `newest` hit, and no filter is given.
 */
export function sourceFor(
  w: Window,
  filters?: FilterTree,
  bucketStarts: readonly Date[] = [],
  newest?: Date | null,
): Source {
  const needs: ReadNeeds = {
    window: w,
    bucketStarts,
    metrics: ['pageviews'],
    ...(filters ? { filters } : {}),
    ...(newest !== undefined ? { newest } : {}),
  };
  return sourceOf(needs, ROLLUP_MINUTE_ANSWERS);
}
