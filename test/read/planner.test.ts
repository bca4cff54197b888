import { describe, expect, it } from 'vitest';
import { URL_COVERAGE_ANSWERS } from '../../projections/agent-coverage/answers.js';
import { DIMENSION_ROLLUP_ANSWERS } from '../../projections/dimension-rollup/answers.js';
import { IDENTITY_DAYS_ANSWERS } from '../../projections/raw-events/answers.js';
import { ROLLUP_MINUTE_ANSWERS } from '../../projections/rollup-minute/answers.js';
import { EMPTY_FILTERS, type FilterTree } from '../../src/read/envelope/filters.js';
import { DIMENSION_PAIRS_ANSWERS } from '../../src/pairs/answers.js';
import { oneValueFilter, plan, type ReadNeeds } from '../../src/read/plan/planner.js';

const at = (iso: string) => new Date(iso);
const SOURCES = [DIMENSION_ROLLUP_ANSWERS, ROLLUP_MINUTE_ANSWERS];
const planned = (needs: ReadNeeds) => {
  const p = plan(needs, SOURCES);
  return p === 'raw' ? 'raw' : p.name;
};
// A Kolkata day: from 18:30 UTC to 18:30 the next day, across a UTC midnight.
const kolkataDay = { start: at('2026-11-01T18:30:00Z'), end: at('2026-11-02T18:30:00Z') };
const country: FilterTree = { and: [{ dimension: 'country', op: 'is', value: 'DE' }] };

describe('the read planner', () => {
  it('answers a breakdown under one filter value from the pairs, whatever the window, and nothing else', () => {
    const sources = [DIMENSION_ROLLUP_ANSWERS, DIMENSION_PAIRS_ANSWERS];
    const name = (needs: ReadNeeds) => {
      const p = plan(needs, sources);
      return p === 'raw' ? 'raw' : p.name;
    };
    const needs: ReadNeeds = { window: kolkataDay, dimension: 'browser', metrics: ['visitors', 'entries'] };
    expect(name(needs)).toBe('dimension_rollup');
    expect(name({ ...needs, filters: country })).toBe('dimension_pairs');
    // Any edges: the parts off midnight are read raw and added.
    const odd = { start: at('2026-11-01T18:30:17Z'), end: at('2026-11-03T01:02:03Z') };
    expect(name({ ...needs, window: odd, filters: country })).toBe('dimension_pairs');
    const f = (filters: unknown) => ({ ...needs, filters: filters as FilterTree });
    expect(name(f({ dimension: 'country', op: 'is', value: ['DE'] }))).toBe('dimension_pairs');
    expect(name(f({ and: [{ dimension: 'country', op: 'is', value: ['DE', 'FR'] }] }))).toBe('raw');
    expect(name(f({ and: [{ dimension: 'country', op: 'is_not', value: 'DE' }] }))).toBe('raw');
    expect(name(f({ not: { dimension: 'country', op: 'is', value: 'DE' } }))).toBe('raw');
    expect(name(f({ or: [{ dimension: 'country', op: 'is', value: 'DE' }] }))).toBe('raw');
    expect(name(f({ and: [{ dimension: 'referrer', op: 'is', value: 'https://x.org/' }] }))).toBe('raw');
    expect(name(f({ and: [{ dimension: 'asn', op: 'is', value: 3320 }] }))).toBe('raw');
    expect(name({ ...needs, filters: country, dimension: 'referrer' })).toBe('raw');
    expect(name({ ...needs, filters: country, metrics: ['vitals'] })).toBe('raw');
    expect(oneValueFilter({ and: [{ and: [{ dimension: 'os', op: 'is', value: 'iOS' }] }] })).toEqual({
      dimension: 'os',
      value: 'iOS',
    });
    expect(oneValueFilter({ dimension: 'os', op: 'is', value: true })).toBeUndefined();
  });

  it('answers a breakdown by a kept dimension from the dimension rollup on days of any zone', () => {
    const needs: ReadNeeds = { window: kolkataDay, dimension: 'country', metrics: ['visitors', 'pageviews'] };
    expect(planned(needs)).toBe('dimension_rollup');
    expect(planned({ ...needs, filters: EMPTY_FILTERS })).toBe('dimension_rollup');
  });

  it('falls back to the raw hits for a filter, an unkept dimension or an edge off a quarter hour', () => {
    const needs: ReadNeeds = { window: kolkataDay, dimension: 'country', metrics: ['visitors'] };
    expect(planned({ ...needs, filters: country })).toBe('raw');
    expect(planned({ ...needs, dimension: 'props.plan' })).toBe('raw');
    expect(planned({ ...needs, dimension: 'asn' })).toBe('raw');
    expect(planned({ ...needs, window: { ...kolkataDay, end: at('2026-11-02T18:31:00Z') } })).toBe('raw');
  });

  it('counts visitors of a window inside one UTC day from the raw hits, other figures from the rollup', () => {
    const inside = { start: at('2026-11-02T10:00:00Z'), end: at('2026-11-02T14:00:00Z') };
    expect(planned({ window: inside, dimension: 'pathname', metrics: ['visitors', 'pageviews'] })).toBe(
      'raw',
    );
    expect(planned({ window: inside, dimension: 'pathname', metrics: ['pageviews'] })).toBe(
      'dimension_rollup',
    );
    // Ending at the next midnight is a span the rollup counts (by last hits).
    const toMidnight = { start: at('2026-11-02T10:00:00Z'), end: at('2026-11-03T00:00:00Z') };
    expect(planned({ window: toMidnight, dimension: 'pathname', metrics: ['visitors'] })).toBe(
      'dimension_rollup',
    );
  });

  it('gives totals to the minute rollups, which count visitors inside a day too, by minute buckets', () => {
    const hour = { start: at('2026-11-02T10:00:00Z'), end: at('2026-11-02T11:00:00Z') };
    const minutes = [0, 1, 2].map((m) => at(`2026-11-02T10:0${m}:00Z`));
    expect(planned({ window: hour, bucketStarts: minutes, metrics: ['visitors', 'sessions'] })).toBe(
      'rollup_minute',
    );
    const offMinute = [at('2026-11-02T10:00:30Z')];
    expect(planned({ window: hour, bucketStarts: offMinute, metrics: ['visitors'] })).toBe('raw');
  });

  it('answers from a source that splits a UTC day once only when no UTC day holds two cuts', () => {
    const retention = (bucketStarts: Date[]): ReadNeeds => ({
      window: kolkataDay,
      bucketStarts,
      metrics: ['identities'],
    });
    const from = (needs: ReadNeeds) => (plan(needs, [IDENTITY_DAYS_ANSWERS]) === 'raw' ? 'raw' : 'days');
    // Edges on two UTC days, one cut each.
    expect(from(retention([]))).toBe('days');
    // A period start at 06:00 cuts the end's UTC day a second time.
    expect(from(retention([at('2026-11-02T06:00:00Z')]))).toBe('raw');
    // At midnight, or outside the window, a period start cuts nothing.
    expect(from(retention([at('2026-11-02T00:00:00Z'), at('2026-11-03T06:00:00Z')]))).toBe('days');
    // The sessions row's dimensions are answered (through the rows of the visitors' sessions), others not.
    expect(from({ ...retention([]), filters: country })).toBe('days');
    expect(
      from({ ...retention([]), filters: { and: [{ dimension: 'city', op: 'is', value: 'Pune' }] } }),
    ).toBe('raw');
  });

  it('answers from an all-time source only a window that holds the whole extent of the data', () => {
    const needs: ReadNeeds = { window: kolkataDay, dimension: 'pathname', metrics: ['fetches'] };
    const from = (n: ReadNeeds) => (plan(n, [URL_COVERAGE_ANSWERS]) === 'raw' ? 'raw' : 'all time');
    const extent = (first: string, last: string) => ({ first: at(first), last: at(last) });
    expect(from({ ...needs, extent: extent('2026-11-01T18:30:00Z', '2026-11-02T18:29:59Z') })).toBe(
      'all time',
    );
    expect(from({ ...needs, extent: extent('2026-11-01T18:29:59Z', '2026-11-02T12:00:00Z') })).toBe('raw');
    expect(from({ ...needs, extent: extent('2026-11-01T20:00:00Z', '2026-11-02T18:30:00Z') })).toBe('raw');
    expect(from({ ...needs, extent: { first: null, last: null } })).toBe('all time');
    // Without an extent stated, nothing says the window holds it all.
    expect(from(needs)).toBe('raw');
  });

  it('answers a window ending off a unit after the newest hit from the rollups, visitors inside a day by last hit', () => {
    const today = { start: at('2026-11-02T00:00:00Z'), end: at('2026-11-02T14:07:31.250Z') };
    const needs: ReadNeeds = { window: today, dimension: 'country', metrics: ['visitors', 'pageviews'] };
    expect(planned(needs)).toBe('raw');
    expect(planned({ ...needs, newest: at('2026-11-02T14:07:31.249Z') })).toBe('dimension_rollup');
    expect(planned({ ...needs, newest: null })).toBe('dimension_rollup');
    // A hit at or after the end lies in the last quarter hour, which the rollup cannot cut.
    expect(planned({ ...needs, newest: at('2026-11-02T14:07:31.250Z') })).toBe('raw');
    // From mid-day (Berlin's today at 14:07 UTC): a visitor with a hit since 10:00 has its last hit there.
    const midDay = { ...needs, window: { ...today, start: at('2026-11-02T10:00:00Z') } };
    expect(planned({ ...midDay, newest: at('2026-11-02T14:00:00Z') })).toBe('dimension_rollup');
    // The start still falls on a quarter hour, or the first one would hold hits before it.
    const offStart = { ...needs, window: { ...today, start: at('2026-11-02T10:07:00Z') } };
    expect(planned({ ...offStart, newest: at('2026-11-02T14:00:00Z') })).toBe('raw');
    // Only the bucket ending the window ends after the data: an earlier one inside the day is not.
    const hours = [at('2026-11-02T10:00:00Z'), at('2026-11-02T11:00:00Z')];
    const minute = { start: at('2026-11-02T10:00:00Z'), end: at('2026-11-02T11:00:30Z') };
    expect(
      planned({
        window: minute,
        bucketStarts: hours,
        metrics: ['visitors'],
        newest: at('2026-11-02T11:00:10Z'),
      }),
    ).toBe('rollup_minute');
    expect(
      plan(
        { window: minute, bucketStarts: hours, metrics: ['visitors'], newest: at('2026-11-02T11:00:10Z') },
        [DIMENSION_ROLLUP_ANSWERS],
      ),
    ).toBe('raw');
  });
});
