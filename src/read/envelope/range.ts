import { DateTime, IANAZone } from 'luxon';

export const RANGES = ['today', 'yesterday', '24h', '7d', '30d', '90d', '12mo', 'mtd', 'ytd', 'all'] as const;
export type Range = (typeof RANGES)[number];

export interface Window {
  start: Date;
  end: Date;
}

export function isTimeZone(tz: string): boolean {
  return IANAZone.isValidZone(tz);
}

/**
 * Resolves a named range to a half-open UTC window [start, end) using calendar days of `tz`, so
 * a DST day spans 23 or 25 hours. Day-based ranges end at the end of today; `mtd`, `ytd`, `24h`
 * and `today` end now.
 */
export function resolveRange(range: Range, tz: string, now: Date = new Date()): Window {
  const local = DateTime.fromJSDate(now, { zone: tz });
  const today = local.startOf('day');
  const win = (start: DateTime, end: DateTime): Window => ({ start: start.toJSDate(), end: end.toJSDate() });
  const lastDays = (n: number) => win(today.minus({ days: n - 1 }), today.plus({ days: 1 }));
  switch (range) {
    case 'today':
      return win(today, local);
    case 'yesterday':
      return win(today.minus({ days: 1 }), today);
    case '24h':
      return win(local.minus({ hours: 24 }), local);
    case '7d':
      return lastDays(7);
    case '30d':
      return lastDays(30);
    case '90d':
      return lastDays(90);
    case '12mo': {
      const month = local.startOf('month');
      return win(month.minus({ months: 11 }), month.plus({ months: 1 }));
    }
    case 'mtd':
      return win(local.startOf('month'), local);
    case 'ytd':
      return win(local.startOf('year'), local);
    case 'all':
      return { start: new Date(0), end: now };
  }
}
