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

  it('reads whole UTC hours from hour rows, then quarter hours, and minutes only at ragged edges', () => {
    const parts = grainParts(
      visitorSpans([w(18.5 * H, 42.75 * H), w(10 * H + 5 * 60_000, 10 * H + 50 * 60_000)]),
    ).map((p) => ({ span: p.span, grain: p.grain.column, start: (p.start - D) / H, end: (p.end - D) / H }));
    expect(parts).toEqual([
      // An Asia/Kolkata day from 18:30 UTC, then 18 hours and 45 minutes into the next UTC day.
      { span: 0, grain: 'quarter_hour', start: 18.5, end: 19 },
      { span: 0, grain: 'hour', start: 19, end: 24 },
      { span: 1, grain: 'hour', start: 24, end: 42 },
      { span: 1, grain: 'quarter_hour', start: 42, end: 42.75 },
      // 10:05–10:50: minutes to the first quarter hour, two quarter hours, minutes after the last.
      { span: 2, grain: 'minute', start: 10 + 5 / 60, end: 10.25 },
      { span: 2, grain: 'quarter_hour', start: 10.25, end: 10.75 },
      { span: 2, grain: 'minute', start: 10.75, end: 10 + 50 / 60 },
    ]);
  });
});
