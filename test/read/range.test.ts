import { describe, expect, it } from 'vitest';
import { resolveRange } from '../../src/read/envelope/range.js';

const iso = (w: { start: Date; end: Date }) => [w.start.toISOString(), w.end.toISOString()];

describe('resolveRange', () => {
  const now = new Date('2026-03-30T12:34:56Z');

  it('resolves yesterday on a 23-hour DST day in Europe/Berlin', () => {
    expect(iso(resolveRange('yesterday', 'Europe/Berlin', now))).toEqual([
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ]);
  });

  it('starts today at local midnight in half- and three-quarter-hour zones', () => {
    expect(resolveRange('today', 'Asia/Kolkata', now).start.toISOString()).toBe('2026-03-29T18:30:00.000Z');
    expect(resolveRange('today', 'Asia/Kathmandu', now).start.toISOString()).toBe('2026-03-29T18:15:00.000Z');
  });

  it('takes 7d as seven calendar days ending with today', () => {
    expect(iso(resolveRange('7d', 'UTC', now))).toEqual([
      '2026-03-24T00:00:00.000Z',
      '2026-03-31T00:00:00.000Z',
    ]);
  });

  it('takes 12mo as twelve calendar months ending with this one', () => {
    expect(iso(resolveRange('12mo', 'UTC', now))).toEqual([
      '2025-04-01T00:00:00.000Z',
      '2026-04-01T00:00:00.000Z',
    ]);
  });
});
