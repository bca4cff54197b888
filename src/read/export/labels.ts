import { DateTime } from 'luxon';
import type { Filter, FilterTree } from '../envelope/filters.js';
import type { Granularity } from '../envelope/granularity.js';
import type { Window } from '../envelope/range.js';

const local = (d: Date, tz: string) => DateTime.fromJSDate(d, { zone: tz });
const isMidnight = (t: DateTime) => t.equals(t.startOf('day'));

/** The first and last local day a window touches (its end is exclusive). */
function days(w: Window, tz: string): [string, string] {
  return [local(w.start, tz).toISODate()!, local(new Date(w.end.getTime() - 1), tz).toISODate()!];
}

/**
 * `twofold-<domain>-<report>-<first day>-<last day>.<ext>`, days local to `tz`. Domains are stored
 * in their ASCII (`xn--`) form and report names are identifiers: nothing needs quoting.
 */
export function fileName(domain: string, report: string, w: Window, tz: string, ext: 'csv' | 'pdf'): string {
  const [first, last] = days(w, tz);
  return `twofold-${domain}-${report}-${first}-${last}.${ext}`.replace(/[^A-Za-z0-9._-]/g, '_');
}

/** Whole local days as `first – last` (inclusive); any other window as local times, end exclusive. */
export function windowLabel(w: Window, tz: string): string {
  const [start, end] = [local(w.start, tz), local(w.end, tz)];
  if (isMidnight(start) && isMidnight(end)) {
    const [first, last] = days(w, tz);
    return first === last ? first : `${first} – ${last}`;
  }
  return `${start.toFormat('yyyy-MM-dd HH:mm')} – ${end.toFormat('yyyy-MM-dd HH:mm')}`;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A bucket start (a UTC instant) as the local time of its granularity; other text unchanged. */
export function localTime(text: string, tz: string, granularity: Granularity): string {
  if (!INSTANT.test(text)) return text;
  const t = local(new Date(text), tz);
  if (granularity === 'month') return t.toFormat('yyyy-MM');
  if (granularity === 'day' || granularity === 'week') return t.toFormat('yyyy-MM-dd');
  return t.toFormat('yyyy-MM-dd HH:mm');
}

const valueText = (v: Filter['value']) =>
  Array.isArray(v) ? v.map((x) => JSON.stringify(x)).join(' or ') : JSON.stringify(v);

/** A filter tree as text: `pathname starts_with "/blog" and not (country is "DE")`. */
export function filtersLabel(tree: FilterTree): string {
  if ('and' in tree)
    return tree.and.map((n) => ('or' in n ? `(${filtersLabel(n)})` : filtersLabel(n))).join(' and ');
  if ('or' in tree)
    return tree.or.map((n) => ('and' in n ? `(${filtersLabel(n)})` : filtersLabel(n))).join(' or ');
  if ('not' in tree) return `not (${filtersLabel(tree.not)})`;
  return `${tree.dimension} ${tree.op} ${valueText(tree.value)}`;
}
