import { describe, expect, it } from 'vitest';
import { periodsOf } from '../../src/reports/periods.js';

const iso = (w: { start: Date; end: Date }) => [w.start.toISOString(), w.end.toISOString()];

describe('the periods a delivery is about', () => {
  it('a week across the end of summer time is 169 hours, compared with the 168 before it', () => {
    // Mon 19 Oct 2026 00:00 in Berlin (CEST, UTC+2); clocks go back on Sun 25 Oct.
    const p = periodsOf('weekly', new Date('2026-10-18T22:00:00Z'), 'Europe/Berlin');
    expect(iso(p.period)).toEqual(['2026-10-18T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
    expect(iso(p.before)).toEqual(['2026-10-11T22:00:00.000Z', '2026-10-18T22:00:00.000Z']);
  });

  it('a month is the calendar month of the zone, against the month before', () => {
    // 1 Mar 2026 10:00 UTC is midnight in Honolulu (UTC−10, no summer time).
    const p = periodsOf('monthly', new Date('2026-03-01T10:00:00Z'), 'Pacific/Honolulu');
    expect(iso(p.period)).toEqual(['2026-03-01T10:00:00.000Z', '2026-04-01T10:00:00.000Z']);
    expect(iso(p.before)).toEqual(['2026-02-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z']);
  });

  it("an alert's hour is compared with the same local hour a week earlier, across a change of clocks", () => {
    // 10:00–11:00 Berlin on Mon 26 Oct (CET) against 10:00–11:00 on Mon 19 Oct (CEST).
    const p = periodsOf('drop', new Date('2026-10-26T09:00:00Z'), 'Europe/Berlin');
    expect(iso(p.period)).toEqual(['2026-10-26T09:00:00.000Z', '2026-10-26T10:00:00.000Z']);
    expect(iso(p.before)).toEqual(['2026-10-19T08:00:00.000Z', '2026-10-19T09:00:00.000Z']);
  });
});
