import { describe, expect, it } from 'vitest';
import {
  changeOf,
  comparisonWindow,
  eachWindow,
  percentChange,
  withChange,
} from '../../src/read/envelope/compare.js';
import { bucketCount, defaultGranularity } from '../../src/read/envelope/granularity.js';
import { resolveRange } from '../../src/read/envelope/range.js';

const iso = (w: { start: Date; end: Date } | null) =>
  w && { start: w.start.toISOString(), end: w.end.toISOString() };

describe('comparison windows', () => {
  it('compares 7 whole local days with the 7 days before, across a DST change (Europe/Berlin, 2026-03-29)', () => {
    // now: 2026-04-02 12:00 Berlin (CEST, +2). 7d = Mar 27 00:00 CET .. Apr 3 00:00 CEST.
    const w = resolveRange('7d', 'Europe/Berlin', new Date('2026-04-02T10:00:00Z'));
    expect(iso(w)).toEqual({ start: '2026-03-26T23:00:00.000Z', end: '2026-04-02T22:00:00.000Z' });
    expect(iso(comparisonWindow(w, 'previous', 'Europe/Berlin'))).toEqual({
      start: '2026-03-19T23:00:00.000Z',
      end: '2026-03-26T23:00:00.000Z',
    });
  });

  it('compares a window of hours with the same span just before it', () => {
    const w = { start: new Date('2026-11-02T10:30:00Z'), end: new Date('2026-11-02T12:00:00Z') };
    expect(iso(comparisonWindow(w, 'previous', 'UTC'))).toEqual({
      start: '2026-11-02T09:00:00.000Z',
      end: '2026-11-02T10:30:00.000Z',
    });
  });

  it('compares with the same local dates a year earlier, in Asia/Kathmandu (+05:45)', () => {
    const w = resolveRange('yesterday', 'Asia/Kathmandu', new Date('2026-11-02T06:00:00Z'));
    expect(iso(w)).toEqual({ start: '2026-10-31T18:15:00.000Z', end: '2026-11-01T18:15:00.000Z' });
    expect(iso(comparisonWindow(w, 'year', 'Asia/Kathmandu'))).toEqual({
      start: '2025-10-31T18:15:00.000Z',
      end: '2025-11-01T18:15:00.000Z',
    });
    expect(comparisonWindow(w, 'none', 'Asia/Kathmandu')).toBeNull();
  });

  it('gives the change in percent to one decimal, absent from zero or from an absent side', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(2, 3)).toBe(-33.3);
    expect(percentChange(5, 0)).toBeUndefined();
    expect(percentChange(undefined, 4)).toBeUndefined();
  });
});

describe('granularity', () => {
  const span = (hours: number) => ({ start: new Date(0), end: new Date(hours * 3_600_000) });
  it('picks minutes up to 3 hours, hours up to 2 days, days up to 100 days, months beyond', () => {
    expect([3, 4, 49, 50, 2400, 2401].map((h) => defaultGranularity(span(h)))).toEqual([
      'minute',
      'hour',
      'hour',
      'day',
      'day',
      'month',
    ]);
  });
  it('counts the buckets a window would hold', () => {
    expect(bucketCount(span(24), 'hour')).toBe(25);
    expect(bucketCount(span(24 * 30), 'minute')).toBe(43_201);
  });
});

describe('comparison of a read', () => {
  const w = { start: new Date('2026-03-08T00:00:00Z'), end: new Date('2026-03-15T00:00:00Z') };
  const before = { start: new Date('2026-03-01T00:00:00Z'), end: new Date('2026-03-08T00:00:00Z') };
  const days = async (x: { start: Date }) => x.start.getUTCDate();

  it('runs the read once per window', async () => {
    expect(await eachWindow({ ...w, comparison: null }, days)).toEqual({ now: 8 });
    expect(await eachWindow({ ...w, comparison: before }, days)).toEqual({ now: 8, before: 1 });
  });

  it('changes only the metrics it is given, absent from 0 or where one side lacks the figure', () => {
    const change = changeOf({ a: 150, b: 3, c: 4, d: 1 }, { a: 120, b: 0, d: 1 }, ['a', 'b', 'c', 'd']);
    expect(change).toEqual({ a: 25, d: 0 });
  });

  it('merges the other window and the change after the figures, or leaves them as they are', () => {
    const now = { step: 1, visitors: 30 };
    expect(withChange(now, undefined, ['visitors'])).toBe(now);
    const merged = withChange(now, { visitors: 40 }, ['visitors']);
    expect(merged).toEqual({
      step: 1,
      visitors: 30,
      comparison: { visitors: 40 },
      change: { visitors: -25 },
    });
    expect(Object.keys(merged)).toEqual(['step', 'visitors', 'comparison', 'change']);
  });
});
