import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { dropLaterIndexes } from '../../src/projector/rebuild.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('a rebuild folds events without its read indexes', () => {
  it('keeps the one the fold updates stored pageviews by, and returns the others to build after', async () => {
    await db.pool.query(
      `CREATE SCHEMA shadow_t; CREATE TABLE shadow_t.events (LIKE public.events INCLUDING ALL)`,
    );
    const later = await dropLaterIndexes(
      db.pool,
      'shadow_t',
      rawEvents.appendOnlyTables!,
      rawEvents.foldIndexes!,
    );
    const kept = await db.pool.query<{ def: string }>(
      `SELECT regexp_replace(indexdef, '^.* ON [^ ]+ ', '') AS def FROM pg_indexes WHERE schemaname = 'shadow_t'`,
    );
    expect(kept.rows).toEqual([{ def: 'USING btree (session_id)' }]);
    const live = await db.pool.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'events' ORDER BY 1`,
    );
    expect(later).toHaveLength(live.rows.length - 1);
    expect(later.every((d) => d.includes('shadow_t.events'))).toBe(true);
  });
});
