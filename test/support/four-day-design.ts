import type { ReadDataDesign } from '../../bench/read-data.js';
import type { Query } from '../../src/read/envelope/query.js';
import { windowQuery } from './window-query.js';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
/** The design's first day: Saturday, August 1 2026 (UTC). */
export const D0 = Date.UTC(2026, 7, 1);

/** The benchmark's design at a small scale: four days of tracker hits on site 1. */
export const FOUR_DAYS: ReadDataDesign = {
  site: 1,
  hostname: 'bench.example',
  firstDay: D0,
  days: 4,
  events: 6_000,
  pages: 40,
  seed: 7,
};

/**
 * Windows over FOUR_DAYS on which a read from a projection must equal the raw one: whole UTC days,
 * with the previous window compared, zones off UTC (whole days and edge hours), part of a day.
 */
export function fourDayWindows(site = FOUR_DAYS.site): Query[] {
  return [
    windowQuery(site, D0, D0 + 4 * DAY),
    windowQuery(site, D0 + DAY, D0 + 3 * DAY, 'UTC', [D0 - DAY, D0 + DAY]),
    windowQuery(site, D0 - 5.5 * HOUR, D0 + 3 * DAY - 5.5 * HOUR, 'Asia/Kolkata'),
    windowQuery(site, D0 + DAY - 2 * HOUR, D0 + 3 * DAY - 2 * HOUR, 'Europe/Berlin'),
    windowQuery(site, D0 + 30 * HOUR, D0 + 41 * HOUR),
  ];
}
