import { describe, expect, it } from 'vitest';
import { pageOf, pageSlice, rowsBefore } from '../../src/read/envelope/paging.js';

describe('paging', () => {
  it('page 3 of 25 rows a page skips 50 rows', () => {
    expect(rowsBefore({ limit: 25, page: 3 })).toBe(50);
    const s = pageOf({ limit: 25, page: 3 });
    expect(s.sql).toBe('LIMIT ? OFFSET ?');
    expect(s.values).toEqual([25, 50]);
  });

  it('no page: no LIMIT, every row', () => {
    expect(pageOf().sql).toBe('');
    expect(pageSlice([1, 2, 3])).toEqual([1, 2, 3]);
  });

  it('slices a ranked list as the SQL pages it, the last page short', () => {
    const rows = Array.from({ length: 7 }, (_, i) => i);
    expect(pageSlice(rows, { limit: 3, page: 1 })).toEqual([0, 1, 2]);
    expect(pageSlice(rows, { limit: 3, page: 3 })).toEqual([6]);
    expect(pageSlice(rows, { limit: 3, page: 4 })).toEqual([]);
  });
});
