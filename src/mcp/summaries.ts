import { DateTime } from 'luxon';
import type { Query } from '../read/envelope/query.js';

/*
 * The one-line text an assistant can quote beside the JSON: the figures with their units, the
 * window in the query's time zone, and whose reads they are.
 */

const num = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 2 });
const signed = (v: number) => `${v > 0 ? '+' : ''}${num(v)}%`;

/** How each figure of the reads reads aloud, with its unit. */
const PHRASE: Readonly<Record<string, (v: number) => string>> = {
  visitors: (v) => `${num(v)} visitors`,
  sessions: (v) => `${num(v)} sessions`,
  pageviews: (v) => `${num(v)} pageviews`,
  bounce_rate: (v) => `${num(v)}% bounce rate`,
  visit_duration: (v) => `${num(v)} s mean visit duration`,
  views_per_session: (v) => `${num(v)} views per session`,
  fetches: (v) => `${num(v)} fetches`,
  html_fetches: (v) => `${num(v)} HTML fetches`,
  agents: (v) => `${num(v)} distinct agents`,
  verified_share: (v) => `${num(v)}% verified`,
  forged_signatures: (v) => `${num(v)} forged signatures`,
  bytes: (v) => `${num(v)} bytes`,
  arrivals: (v) => `${num(v)} answer-engine arrivals`,
  ratio: (v) => `${num(v)} fetches per arrival`,
  share: (v) => `${num(v)}% share`,
  urls: (v) => `${num(v)} URLs`,
  gap: (v) => `${num(v)} with a gap`,
  balanced: (v) => `${num(v)} balanced`,
  no_arrivals: (v) => `${num(v)} without arrivals`,
  not_crawled: (v) => `${num(v)} not crawled`,
  verified_fetches: (v) => `${num(v)} verified`,
  scroll_depth: (v) => `${num(v)}% mean scroll depth`,
  time_on_page: (v) => `${num(v)} s mean time on page`,
  entries: (v) => `${num(v)} entries`,
  exits: (v) => `${num(v)} exits`,
  freshness_gap: (v) => `last crawled ${num(v)} s before the window's end`,
  pageviews_change: (v) => `pageviews ${signed(v)}`,
  fetches_change: (v) => `fetches ${signed(v)}`,
};

const WHOSE = { human: 'People', agent: 'Agents', all: 'People and agents' } as const;

/** The window in the query's zone: whole local days as dates (the end inclusive), else to the minute. */
export function windowPhrase(q: Pick<Query, 'start' | 'end' | 'tz'>): string {
  const start = DateTime.fromJSDate(q.start, { zone: q.tz });
  const end = DateTime.fromJSDate(q.end, { zone: q.tz });
  const days = start.equals(start.startOf('day')) && end.equals(end.startOf('day'));
  const [a, b] = days
    ? [start.toISODate(), end.minus({ days: 1 }).toISODate()]
    : [start.toFormat('yyyy-MM-dd HH:mm'), end.toFormat('yyyy-MM-dd HH:mm')];
  return `from ${a} to ${b} (${q.tz})`;
}

/** The figures of `data` among `keys`, in that order; absent ones (rule 1) are left out. */
export function figuresPhrase(data: object, keys: readonly string[]): string {
  const record = data as Record<string, unknown>;
  return keys
    .filter((k) => typeof record[k] === 'number' && PHRASE[k] !== undefined)
    .map((k) => PHRASE[k]!(record[k] as number))
    .join(', ');
}

function changePhrase(data: object, keys: readonly string[], q: Query): string {
  const change = (data as { change?: Record<string, number> }).change;
  const first = keys.find((k) => typeof change?.[k] === 'number');
  if (first === undefined) return '';
  const other = q.compare === 'year' ? 'a year before' : 'the previous window';
  return `; ${signed(change![first]!)} ${first.replaceAll('_', ' ')} vs ${other}`;
}

/** "People: 4 visitors, 5 pageviews from 2026-11-02 10:00 to 11:00 (UTC); -33.3% visitors vs …" */
export function totalsSummary(data: object, q: Query, keys: readonly string[]): string {
  const figures = figuresPhrase(data, keys) || 'no figures';
  return `${WHOSE[q.audience]}: ${figures} ${windowPhrase(q)}${changePhrase(data, keys, q)}`;
}

/** How many rows, and the first three as `label` puts them. */
export function listSummary<R>(
  rows: readonly R[],
  q: Query,
  what: string,
  label: (row: R) => string,
): string {
  const top = rows.slice(0, 3).map(label).join('; ');
  return `${WHOSE[q.audience]}: ${num(rows.length)} ${what} ${windowPhrase(q)}${top ? `. First: ${top}` : ''}`;
}

/** A row as "name (figures)". */
export function rowPhrase(name: unknown, row: object, keys: readonly string[]): string {
  const figures = figuresPhrase(row, keys);
  return `${name === null || name === undefined ? '(none)' : String(name)}${figures ? ` (${figures})` : ''}`;
}

/** "People: visitors in 24 hour buckets from …; highest 40 at 2026-11-02T10:00:00.000Z" */
export function seriesSummary(
  series: readonly { t: string; value?: number }[],
  q: Query,
  metric: string,
): string {
  const peak = series.reduce<{ t: string; value?: number } | undefined>(
    (best, p) => (p.value !== undefined && (best?.value === undefined || p.value > best.value) ? p : best),
    undefined,
  );
  const high = peak?.value === undefined ? '' : `; highest ${num(peak.value)} at ${peak.t}`;
  return `${WHOSE[q.audience]}: ${metric.replaceAll('_', ' ')} in ${num(series.length)} ${q.granularity} buckets ${windowPhrase(q)}${high}`;
}
