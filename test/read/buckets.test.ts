import { describe, expect, it } from 'vitest';
import { bucketStarts } from '../../src/read/envelope/buckets.js';
import { resolveRange } from '../../src/read/envelope/range.js';

describe('bucket starts in a zone’s calendar', () => {
  it('gives 25 hour buckets on the Europe/Berlin fall-back day, the repeated 02:00 hour twice', () => {
    const day = resolveRange('yesterday', 'Europe/Berlin', new Date('2026-10-26T12:00:00Z'));
    const hours = bucketStarts(day, 'hour', 'Europe/Berlin').map((d) => d.toISOString());
    expect(hours).toHaveLength(25);
    expect(hours.slice(0, 4)).toEqual([
      '2026-10-24T22:00:00.000Z',
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T00:00:00.000Z', // 02:00 CEST
      '2026-10-25T01:00:00.000Z', // 02:00 CET
    ]);
  });

  it('gives 23 hour buckets on the spring-forward day', () => {
    const day = resolveRange('yesterday', 'Europe/Berlin', new Date('2026-03-30T12:00:00Z'));
    expect(bucketStarts(day, 'hour', 'Europe/Berlin')).toHaveLength(23);
  });

  it('starts ISO weeks on Monday and months on the 1st, local midnight in Asia/Kolkata', () => {
    const w = { start: new Date('2026-11-04T00:00:00Z'), end: new Date('2026-11-20T00:00:00Z') };
    expect(bucketStarts(w, 'week', 'Asia/Kolkata').map((d) => d.toISOString())).toEqual([
      '2026-11-01T18:30:00.000Z',
      '2026-11-08T18:30:00.000Z',
      '2026-11-15T18:30:00.000Z',
    ]);
    expect(bucketStarts(w, 'month', 'Asia/Kolkata').map((d) => d.toISOString())).toEqual([
      '2026-10-31T18:30:00.000Z',
    ]);
  });
});
