import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { hit, MIN, T0 } from '../support/events.js';
import { foldTwice, messages } from '../support/projection-spec.js';
import { applyMigration } from '../support/design-stream.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const iso = (d: Date) => d.toISOString();
const snapshot = async () => ({
  days: (
    await db.pool.query<{ day: Date; first_at: Date; last_at: Date }>(
      'SELECT * FROM identity_days ORDER BY site_id, day, visitor_id, identity',
    )
  ).rows.map((r) => ({ ...r, day: iso(r.day), first_at: iso(r.first_at), last_at: iso(r.last_at) })),
  visitors: (
    await db.pool.query<{ day: Date }>('SELECT * FROM identity_day_visitors ORDER BY site_id, day')
  ).rows.map((r) => ({ ...r, day: iso(r.day) })),
});

const DAY = 86_400_000;

describe('raw_events: identity_days and identity_day_visitors', () => {
  it('keeps per visitor id and identity its first and last identified hit of the day, and counts visitor ids once', async () => {
    // T0 is 10:00 UTC on Nov 2. Visitor a is u1 at 10:00, 10:20 and (backfilled, in the second
    // message) 09:00, then u2 too at 10:30 (one visitor id, two identities: counted once); its
    // anonymous hit at 11:00 adds nothing. Visitor b is u1 on the next day; c is u3 on site 2.
    await foldTwice(
      db.pool,
      rawEvents,
      messages([
        [
          hit({ site: 1, visitor: 'a', ts: T0, identity: 'u1', kind: 'custom', name: 'identify' }),
          hit({ site: 1, visitor: 'a', ts: T0 + 20 * MIN, identity: 'u1' }),
          hit({ site: 1, visitor: 'a', ts: T0 + 30 * MIN, identity: 'u2' }),
        ],
        [
          hit({ site: 1, visitor: 'a', ts: T0 - 60 * MIN, identity: 'u1' }),
          hit({ site: 1, visitor: 'a', ts: T0 + 60 * MIN }),
          hit({ site: 1, visitor: 'b', ts: T0 + DAY, identity: 'u1' }),
          hit({ site: 2, visitor: 'c', ts: T0, identity: 'u3' }),
        ],
      ]),
      1,
    );
    const row = (
      site: number,
      day: string,
      visitor: string,
      identity: string,
      first: number,
      last: number,
    ) => ({
      site_id: site,
      day: `${day}T00:00:00.000Z`,
      visitor_id: visitor,
      identity,
      first_at: iso(new Date(first)),
      last_at: iso(new Date(last)),
    });
    expect(await snapshot()).toEqual({
      days: [
        row(1, '2026-11-02', 'a', 'u1', T0 - 60 * MIN, T0 + 20 * MIN),
        row(1, '2026-11-02', 'a', 'u2', T0 + 30 * MIN, T0 + 30 * MIN),
        row(1, '2026-11-03', 'b', 'u1', T0 + DAY, T0 + DAY),
        row(2, '2026-11-02', 'c', 'u3', T0, T0),
      ],
      visitors: [
        { site_id: 1, day: '2026-11-02T00:00:00.000Z', visitor_ids: 1 },
        { site_id: 1, day: '2026-11-03T00:00:00.000Z', visitor_ids: 1 },
        { site_id: 2, day: '2026-11-02T00:00:00.000Z', visitor_ids: 1 },
      ],
    });
  });

  it('is backfilled by migration 0015 from the events folded before it, row for row', async () => {
    const folded = await snapshot();
    await db.pool.query('DROP TABLE identity_days, identity_day_visitors');
    await applyMigration(db.pool, '0015_identity_days.sql');
    expect(await snapshot()).toEqual(folded);
  });
});
