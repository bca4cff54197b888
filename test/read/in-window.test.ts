import { describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.js';
import { inWindow } from '../../src/read/envelope/in-window.js';

describe('inWindow', () => {
  it('scopes a column to the half-open window, its edges as ISO instants', () => {
    const s = inWindow('e.ts', {
      start: new Date('2024-03-01T00:00:00Z'),
      end: new Date('2024-03-08T00:00:00Z'),
    });
    expect(s.sql).toBe('e.ts >= ? AND e.ts < ?');
    expect(s.values).toEqual(['2024-03-01T00:00:00.000Z', '2024-03-08T00:00:00.000Z']);
  });

  it('takes an expression and edges in milliseconds', () => {
    const s = inWindow(sql`s.day + ${'1 ms'}::interval`, { start: 0, end: 3_600_000 });
    expect(s.sql).toBe('s.day + ?::interval >= ? AND s.day + ?::interval < ?');
    expect(s.values).toEqual(['1 ms', '1970-01-01T00:00:00.000Z', '1 ms', '1970-01-01T01:00:00.000Z']);
  });
});
