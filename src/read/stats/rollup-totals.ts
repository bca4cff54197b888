import { type Db, raw, sql } from '../../db/sql.js';
import type { Window } from '../envelope/range.js';
import type { HumanTotals } from './human-totals.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * How the minute rollups count the distinct visitors of a span exactly. A visitor id lives one UTC
 * day (its salt's), and each id counts once in `visitors` (the minute of its first hit) and once in
 * `visitors_last` (of its last), so:
 * - `first`: a span starting at a UTC midnight holds the ids whose first hit lies in it;
 * - `last`: a span ending at the next UTC midnight holds the ids whose last hit lies in it;
 * - `inner`: a span strictly inside one UTC day holds its first hits plus the ids first seen
 *   earlier that day with a hit in it, which only the raw hits tell.
 */
export type VisitorCount = 'first' | 'last' | 'inner';

export interface Span {
  /** Index of the bucket the span belongs to. */
  bucket: number;
  start: number;
  end: number;
  count: VisitorCount;
}

/** Each bucket as at most two spans: up to its first UTC midnight, and from there on. */
export function visitorSpans(buckets: readonly Window[]): Span[] {
  const out: Span[] = [];
  buckets.forEach((b, bucket) => {
    const start = b.start.getTime();
    const end = b.end.getTime();
    if (start % DAY_MS === 0) {
      out.push({ bucket, start, end, count: 'first' });
      return;
    }
    const midnight = Math.floor(start / DAY_MS) * DAY_MS + DAY_MS;
    if (end < midnight) {
      out.push({ bucket, start, end, count: 'inner' });
      return;
    }
    out.push({ bucket, start, end: midnight, count: 'last' });
    if (end > midnight) out.push({ bucket, start: midnight, end, count: 'first' });
  });
  return out;
}

/** A bucket's sums; `visitors` only when asked for. */
export type RollupBucket = Omit<HumanTotals, 'visitors'> & { visitors?: number };

/** A part of a span read from one grain: the whole UTC hours from `rollup_hour`, the rest by the minute. */
interface Part {
  span: number;
  start: number;
  end: number;
}

/** Each span as its whole UTC hours and the minutes before and after them. */
export function grainParts(spans: readonly Span[]): { hours: Part[]; minutes: Part[] } {
  const hours: Part[] = [];
  const minutes: Part[] = [];
  spans.forEach(({ start, end }, span) => {
    const first = Math.ceil(start / HOUR_MS) * HOUR_MS;
    const last = Math.floor(end / HOUR_MS) * HOUR_MS;
    if (first >= last) {
      minutes.push({ span, start, end });
      return;
    }
    hours.push({ span, start: first, end: last });
    if (start < first) minutes.push({ span, start, end: first });
    if (last < end) minutes.push({ span, start: last, end });
  });
  return { hours, minutes };
}

const partsTable = (list: readonly Part[]) =>
  sql`unnest(${list.map((p) => p.span)}::int[], ${list.map((p) => iso(p.start))}::timestamptz[],
    ${list.map((p) => iso(p.end))}::timestamptz[]) AS p(span, s, e)`;

type SpanRow = Omit<HumanTotals, 'visitors'> & { span: number; visitors: number; visitors_last: number };

/** The grain's sums per span. One grain a query: a UNION of both would be planned in parallel, slower by far for a few thousand rows. */
async function sumParts(db: Db, site: number, grain: 'hour' | 'minute', parts: readonly Part[]) {
  if (parts.length === 0) return [];
  const [table, column] = grain === 'hour' ? ['rollup_hour', 'hour'] : ['rollup_minute', 'minute'];
  const { rows } = await db.query<SpanRow>(sql`
    SELECT p.span, sum(r.pageviews) AS pageviews, sum(r.sessions) AS sessions, sum(r.bounces) AS bounces,
           sum(r.duration_ms) AS duration_ms, sum(r.visitors) AS visitors, sum(r.visitors_last) AS visitors_last
    FROM ${partsTable(parts)}
    JOIN ${raw(table)} r ON r.site_id = ${site} AND r.audience = 'human' AND r.${raw(column)} >= p.s
      AND r.${raw(column)} < p.e
    GROUP BY p.span`);
  return rows;
}

/** Per `inner` span, the visitors first seen earlier on its UTC day that have a hit in it. */
async function seenBefore(db: Db, site: number, inner: readonly Part[]): Promise<Map<number, number>> {
  if (inner.length === 0) return new Map();
  const { rows } = await db.query<{ span: number; visitors: number }>(sql`
    SELECT p.span, count(DISTINCT e.visitor_id) AS visitors
    FROM ${partsTable(inner)}
    JOIN events e ON e.site_id = ${site} AND e.ts >= p.s AND e.ts < p.e
    JOIN rollup_visitor_state v ON v.site_id = e.site_id AND v.visitor_id = e.visitor_id AND v.first_seen_at < p.s
    GROUP BY p.span`);
  return new Map(rows.map((r) => [r.span, r.visitors]));
}

/**
 * Sums of the human rollups per bucket (buckets minute-aligned), with exact distinct visitors when
 * `visitors` is set: every span's visitors come from the rollups, and only `inner` spans (hour or
 * minute buckets, windows inside one UTC day) read the raw hits of that span.
 */
export async function rollupTotals(
  db: Db,
  site: number,
  buckets: readonly Window[],
  opts: { visitors: boolean } = { visitors: true },
): Promise<RollupBucket[]> {
  const spans = visitorSpans(buckets);
  const { hours, minutes } = grainParts(spans);
  const inner = opts.visitors
    ? spans.flatMap((s, span) => (s.count === 'inner' ? [{ span, start: s.start, end: s.end }] : []))
    : [];
  const [byHour, byMinute, earlier] = await Promise.all([
    sumParts(db, site, 'hour', hours),
    sumParts(db, site, 'minute', minutes),
    seenBefore(db, site, inner),
  ]);
  const out: RollupBucket[] = buckets.map(() => ({ sessions: 0, pageviews: 0, bounces: 0, duration_ms: 0 }));
  if (opts.visitors) for (const b of out) b.visitors = 0;
  for (const r of [...byHour, ...byMinute]) {
    const span = spans[r.span]!;
    const b = out[span.bucket]!;
    b.pageviews += r.pageviews;
    b.sessions += r.sessions;
    b.bounces += r.bounces;
    b.duration_ms += r.duration_ms;
    if (b.visitors !== undefined) b.visitors += span.count === 'last' ? r.visitors_last : r.visitors;
  }
  for (const [span, visitors] of earlier) out[spans[span]!.bucket]!.visitors! += visitors;
  return out;
}
