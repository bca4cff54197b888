import { describe, expect, it } from 'vitest';
import { bucketStarts } from '../../src/read/envelope/buckets.js';
import { EMPTY_FILTERS, HUMAN_DIMENSIONS, parseFilters } from '../../src/read/envelope/filters.js';
import { periodsOf } from '../../src/read/retention/activity.js';
import { cohortRows } from '../../src/read/retention/grid.js';
import { activitySource } from '../../src/read/retention/source.js';

const window = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });
const source = (start: string, end: string, g: 'day' | 'week' | 'month', tz: string) => {
  const w = window(start, end);
  return activitySource(w, bucketStarts(w, g, tz), EMPTY_FILTERS);
};

describe('activitySource: identity_days or the identified hits', () => {
  it('takes identity_days for local days, weeks and months of any zone: one period start a UTC day at most', () => {
    for (const g of ['day', 'week', 'month'] as const) {
      expect(source('2026-10-31T18:15:00Z', '2026-11-30T18:15:00Z', g, 'Asia/Kathmandu')).toBe('days');
      expect(source('2026-10-31T04:00:00Z', '2026-11-30T05:00:00Z', g, 'America/New_York')).toBe('days');
      // Kolkata's clocks ran at +05:21:10 in 1900: days started at 18:38:50 UTC, once a day still.
      expect(source('1899-12-31T18:38:50Z', '1900-01-30T18:38:50Z', g, 'Asia/Kolkata')).toBe('days');
    }
  });

  it('takes identity_days for window edges anywhere in a day that holds no other cut', () => {
    expect(source('2026-11-02T10:07:00Z', '2026-11-09T13:30:00Z', 'day', 'UTC')).toBe('days');
    expect(source('2026-11-02T10:00:00Z', '2026-11-05T05:00:00Z', 'day', 'America/New_York')).toBe('days');
  });

  it('reads the hits when a UTC day holds two cuts, or a filter on a dimension the sessions row lacks', () => {
    // Both edges in one UTC day.
    expect(source('2026-11-02T10:07:00Z', '2026-11-02T20:00:00Z', 'day', 'UTC')).toBe('raw');
    // The window starts at 03:00 UTC, the local day at 05:00 UTC of the same UTC day.
    expect(source('2026-11-02T03:00:00Z', '2026-11-05T05:00:00Z', 'day', 'America/New_York')).toBe('raw');
    const days = window('2026-11-02T00:00:00Z', '2026-11-09T00:00:00Z');
    const on = (dimension: string) =>
      activitySource(
        days,
        bucketStarts(days, 'day', 'UTC'),
        parseFilters([{ dimension, op: 'is', value: 'x' }], HUMAN_DIMENSIONS),
      );
    expect(on('pathname')).toBe('raw');
    expect(on('region')).toBe('raw');
    expect(on('country')).toBe('days');
    expect(on('source')).toBe('days');
  });
});

describe('cohortRows', () => {
  it('gives percentages to one decimal up to the last period, and no row for a period nobody started in', () => {
    const starts = ['2026-11-02', '2026-11-03', '2026-11-04'].map((d) => new Date(`${d}T00:00:00Z`));
    expect(
      cohortRows(starts, [
        { periods: [0], identities: 2 },
        { periods: [0, 2], identities: 1 },
        { periods: [2], identities: 1 },
      ]),
    ).toEqual([
      { cohort: '2026-11-02T00:00:00.000Z', visitors: 3, periods: [100, 0, 33.3] },
      { cohort: '2026-11-04T00:00:00.000Z', visitors: 1, periods: [100] },
    ]);
  });
});

describe('periodsOf', () => {
  it('reads a bigint mask’s set bits and a bit string’s ones as period indexes', () => {
    expect(periodsOf('5', false)).toEqual([0, 2]);
    expect(periodsOf(String(2n ** 62n + 2n), false)).toEqual([1, 62]);
    expect(periodsOf(`1${'0'.repeat(70)}1`, true)).toEqual([0, 71]);
  });
});
