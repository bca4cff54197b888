import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, type FilterTree } from '../../src/read/envelope/filters.js';
import { sourceFor } from '../../src/read/plan/planner.js';

const aligned = { start: new Date('2026-11-02T10:00:00Z'), end: new Date('2026-11-02T11:00:00Z') };
const pathname: FilterTree = { and: [{ dimension: 'pathname', op: 'is', value: '/a' }] };
const mixed: FilterTree = {
  or: [
    { dimension: 'pathname', op: 'is', value: '/a' },
    { not: { dimension: 'country', op: 'is', value: 'DE' } },
  ],
};
const keepsPathname = new Set(['pathname']);

describe('sourceFor with the dimensions a rollup keeps', () => {
  it('reads raw tables for any filter when the rollup keeps none (the default)', () => {
    expect(sourceFor(aligned, EMPTY_FILTERS)).toBe('rollup');
    expect(sourceFor(aligned, pathname)).toBe('raw');
  });

  it('reads the rollup for filters only on kept dimensions, at any depth', () => {
    expect(sourceFor(aligned, pathname, [], keepsPathname)).toBe('rollup');
    expect(sourceFor(aligned, { not: pathname }, [], keepsPathname)).toBe('rollup');
    expect(sourceFor(aligned, mixed, [], keepsPathname)).toBe('raw');
  });

  it('still needs a minute-aligned window', () => {
    const offMinute = { ...aligned, start: new Date(aligned.start.getTime() + 1000) };
    expect(sourceFor(offMinute, pathname, [], keepsPathname)).toBe('raw');
  });
});
