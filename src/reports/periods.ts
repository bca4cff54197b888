import { DateTime } from 'luxon';
import { type Sql, sql } from '../db/sql.js';
import type { Window } from '../read/envelope/range.js';
import { type SubscriptionKind, isDigest } from './kinds.js';

/**
 * How long after a period ends it is first mailed or judged: the projectors' time to fold its
 * last hits (docs/operations.md#mailed-reports-and-alerts).
 */
export const SETTLE_MS = 5 * 60_000;

/**
 * The start of the last complete period of each kind at `settled` (now − SETTLE_MS), in the
 * site's zone `tz`, as SQL: the week from Monday 00:00, the month from the 1st 00:00, the hour
 * (local hours, so a half-hour zone's hours start at :30 UTC).
 */
export function lastPeriodStart(kind: Sql, settled: Date, tz: Sql): Sql {
  return sql`CASE ${kind}
    WHEN 'weekly' THEN date_trunc('week', date_trunc('week', ${settled}::timestamptz, ${tz}) - interval '1 microsecond', ${tz})
    WHEN 'monthly' THEN date_trunc('month', date_trunc('month', ${settled}::timestamptz, ${tz}) - interval '1 microsecond', ${tz})
    ELSE date_trunc('hour', ${settled}::timestamptz, ${tz}) - interval '1 hour' END`;
}

/** The period a delivery is about, and the one its figures are compared with. */
export interface Periods {
  period: Window;
  before: Window;
}

/**
 * A weekly period is Monday–Sunday against the week before; a monthly one the calendar month
 * against the month before (whole local days, so DST weeks are 167 or 169 hours); an alert's the
 * hour against the same local hour a week earlier (the drop alert's baseline).
 */
export function periodsOf(kind: SubscriptionKind, start: Date, tz: string): Periods {
  const s = DateTime.fromJSDate(start, { zone: tz });
  const span = kind === 'weekly' ? { weeks: 1 } : kind === 'monthly' ? { months: 1 } : { hours: 1 };
  const back = isDigest(kind) ? span : { weeks: 1 };
  const end = isDigest(kind) ? s.plus(span) : DateTime.fromMillis(start.getTime() + 3_600_000, { zone: tz });
  const beforeStart = s.minus(back);
  const beforeEnd = isDigest(kind) ? s : end.minus(back);
  return {
    period: { start: s.toJSDate(), end: end.toJSDate() },
    before: { start: beforeStart.toJSDate(), end: beforeEnd.toJSDate() },
  };
}
