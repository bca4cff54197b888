import { describe, expect, it } from 'vitest';
import { grainParts, visitorSpans } from '../../src/read/stats/rollup-totals.js';

const D = Date.UTC(2026, 10, 2);
const H = 3_600_000;
const w = (start: number, end: number) => ({ start: new Date(D + start), end: new Date(D + end) });
const spans = (...buckets: { start: Date; end: Date }[]) =>
  visitorSpans(buckets).map((s) => ({ ...s, start: (s.start - D) / H, end: (s.end - D) / H }));

describe('spans of buckets for exact visitors from rollups', () => {
  it('counts first hits from a UTC midnight, last hits up to one, and needs raw hits only inside a day', () => {
    expect(spans(w(0, 48 * H))).toEqual([{ bucket: 0, start: 0, end: 48, count: 'first' }]);
    // Two Asia/Kolkata days: each from 18:30 UTC, across a UTC midnight.
    expect(spans(w(-5.5 * H, 18.5 * H), w(18.5 * H, 42.5 * H))).toEqual([
      { bucket: 0, start: -5.5, end: 0, count: 'last' },
      { bucket: 0, start: 0, end: 18.5, count: 'first' },
      { bucket: 1, start: 18.5, end: 24, count: 'last' },
      { bucket: 1, start: 24, end: 42.5, count: 'first' },
    ]);
    expect(spans(w(10 * H, 11 * H), w(20 * H, 24 * H))).toEqual([
      { bucket: 0, start: 10, end: 11, count: 'inner' },
      { bucket: 1, start: 20, end: 24, count: 'last' },
    ]);
  });

  it('reads whole UTC hours from the hour rows and only the ragged edges by the minute', () => {
    const parts = grainParts(
      visitorSpans([w(18.5 * H, 42.75 * H), w(10 * H + 5 * 60_000, 10 * H + 50 * 60_000)]),
    );
    const hours = (list: { span: number; start: number; end: number }[]) =>
      list.map((p) => ({ span: p.span, start: (p.start - D) / H, end: (p.end - D) / H }));
    expect(hours(parts.hours)).toEqual([
      { span: 0, start: 19, end: 24 },
      { span: 1, start: 24, end: 42 },
    ]);
    expect(hours(parts.minutes)).toEqual([
      { span: 0, start: 18.5, end: 19 },
      { span: 1, start: 42, end: 42.75 },
      { span: 2, start: 10 + 5 / 60, end: 10 + 50 / 60 },
    ]);
  });
});
