import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, type FilterTree } from '../../src/read/envelope/filters.js';
import { urlSource } from '../../src/read/citation-gap/url-figures.js';
import { sourceFor } from '../../src/read/plan/planner.js';

const aligned = { start: new Date('2026-11-02T10:00:00Z'), end: new Date('2026-11-02T11:00:00Z') };
const pathname: FilterTree = { and: [{ dimension: 'pathname', op: 'is', value: '/a' }] };
const mixed: FilterTree = {
  or: [
    { dimension: 'pathname', op: 'is', value: '/a' },
    { not: { dimension: 'country', op: 'is', value: 'DE' } },
  ],
};

describe('the minute rollups and the per-URL rollups, by the dimensions they keep', () => {
  it('reads raw tables for any filter when the rollup keeps none (the default)', () => {
    expect(sourceFor(aligned, EMPTY_FILTERS)).toBe('rollup');
    expect(sourceFor(aligned, pathname)).toBe('raw');
  });

  it('reads the per-URL rollups for filters only on the path, at any depth', () => {
    expect(urlSource(aligned, pathname)).toBe('rollup');
    expect(urlSource(aligned, { not: pathname })).toBe('rollup');
    expect(urlSource(aligned, mixed)).toBe('raw');
  });

  it('still needs a minute-aligned window', () => {
    const offMinute = { ...aligned, start: new Date(aligned.start.getTime() + 1000) };
    expect(urlSource(offMinute, pathname)).toBe('raw');
  });
});
