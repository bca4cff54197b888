/**
 * The dashboard's whole state as it lives in the URL (docs/dashboard.md#the-view-in-the-url: a view can be
 * shared and the back button works): `/sites/:id?range=…&compare=…&filters=[…]&tab=…&metric=…`.
 */
import { type Filter, type FilterNode, type FilterValue, isFilter, isNode } from './filter-tree.js';

export const RANGES = ['today', 'yesterday', '24h', '7d', '30d', '90d', '12mo', 'mtd', 'ytd', 'all'] as const;
export type Range = (typeof RANGES)[number];
export const COMPARES = ['none', 'previous', 'year'] as const;
export type Compare = (typeof COMPARES)[number];
export const GRANULARITIES = ['minute', 'hour', 'day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export const TABS = ['people', 'agents'] as const;
export type Tab = (typeof TABS)[number];
export const PEOPLE_METRICS = [
  'visitors',
  'sessions',
  'pageviews',
  'bounce_rate',
  'visit_duration',
  'views_per_session',
] as const;
export const AGENT_METRICS = ['fetches', 'agents', 'verified_share', 'bytes', 'forged_signatures'] as const;
export type Metric = (typeof PEOPLE_METRICS)[number] | (typeof AGENT_METRICS)[number];

export const DEFAULT_RANGE: Range = '30d';
const METRICS_OF: Record<Tab, readonly Metric[]> = { people: PEOPLE_METRICS, agents: AGENT_METRICS };

export type { Filter, FilterNode, FilterValue };

export interface View {
  site: number;
  /** Absent with a custom `start`/`end` window. */
  range?: Range;
  start?: string;
  end?: string;
  compare: Compare;
  tz?: string;
  granularity?: Granularity;
  /** A saved segment's id: its filters are ANDed with `filters` by the service. */
  segment?: number;
  /** ANDed: filters and groups (`and`, `or`, `not`) of the envelope's language. */
  filters: FilterNode[];
  tab: Tab;
  metric: Metric;
  /** A shared link's token: the view is read-only, read with `share=` (docs/dashboard.md#shared-links). */
  share?: string;
}

function oneOf<T extends string>(values: readonly T[], v: string | null): T | undefined {
  return values.find((x) => x === v);
}

function parseFilters(text: string | null): FilterNode[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    // A single group is as good as a list of one.
    const list: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
    return list.filter((n) => isNode(n));
  } catch {
    return []; // a hand-edited link with broken JSON shows the unfiltered view
  }
}

const isInstant = (v: string | null): v is string => v !== null && !Number.isNaN(Date.parse(v));

/** The view a dashboard URL names; values it does not know fall back to the defaults. */
export function viewFromUrl(site: number, search: string, share?: string): View {
  const q = new URLSearchParams(search);
  const tab = oneOf(TABS, q.get('tab')) ?? 'people';
  const start = q.get('start');
  const custom = isInstant(start);
  const end = q.get('end');
  const view: View = {
    site,
    compare: oneOf(COMPARES, q.get('compare')) ?? 'none',
    filters: parseFilters(q.get('filters')),
    tab,
    metric: oneOf(METRICS_OF[tab], q.get('metric')) ?? METRICS_OF[tab][0]!,
  };
  if (custom) {
    view.start = start;
    if (isInstant(end)) view.end = end;
  } else view.range = oneOf(RANGES, q.get('range')) ?? DEFAULT_RANGE;
  const tz = q.get('tz');
  if (tz) view.tz = tz;
  const granularity = oneOf(GRANULARITIES, q.get('granularity'));
  if (granularity) view.granularity = granularity;
  const segment = Number(q.get('segment'));
  if (Number.isInteger(segment) && segment > 0) view.segment = segment;
  if (share) view.share = share;
  return view;
}

/** The URL's query string for a view, defaults left out so links stay short. */
export function viewToSearch(view: View): string {
  const q = new URLSearchParams();
  if (view.start) {
    q.set('start', view.start);
    if (view.end) q.set('end', view.end);
  } else if (view.range && view.range !== DEFAULT_RANGE) q.set('range', view.range);
  if (view.compare !== 'none') q.set('compare', view.compare);
  if (view.tz) q.set('tz', view.tz);
  if (view.granularity) q.set('granularity', view.granularity);
  if (view.segment) q.set('segment', String(view.segment));
  if (view.filters.length > 0) q.set('filters', JSON.stringify(view.filters));
  if (view.tab !== 'people') q.set('tab', view.tab);
  if (view.metric !== METRICS_OF[view.tab][0]) q.set('metric', view.metric);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function viewPath(view: View): string {
  const page = view.share ? `/share/${encodeURIComponent(view.share)}` : `/sites/${view.site}`;
  return `${page}${viewToSearch(view)}`;
}

/** Switching readership starts afresh: the other tab's dimensions, segments and metrics differ. */
export function withTab(view: View, tab: Tab): View {
  const { segment: _s, ...rest } = view;
  return { ...rest, tab, filters: [], metric: METRICS_OF[tab][0]! };
}

/** Adds `dimension is value`, replacing an earlier filter on the same dimension. */
export function withFilter(view: View, dimension: string, value: string | number): View {
  const others = view.filters.filter((f) => !isFilter(f) || f.dimension !== dimension);
  return { ...view, filters: [...others, { dimension, op: 'is', value }] };
}

export function withoutFilter(view: View, index: number): View {
  return { ...view, filters: view.filters.filter((_, i) => i !== index) };
}

/** A preset range, or a custom window (which drops the preset). */
export function withWindow(view: View, window: { range: Range } | { start: string; end: string }): View {
  const { range: _r, start: _s, end: _e, ...rest } = view;
  return { ...rest, ...window };
}
