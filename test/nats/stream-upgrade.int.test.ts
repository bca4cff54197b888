import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { Appender } from '../../src/nats/append.js';
import { connectNats, type Nats } from '../../src/nats/connect.js';
import { ensureStreams } from '../../src/nats/ensure-streams.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { hitsStreamName } from '../../streams/hits.js';
import { subjectFor } from '../../streams/subjects.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { hit, MIN, T0 } from '../support/events.js';

// A stream written before messages were deflated holds JSON messages, and replays read them all
// again: a stream holding both kinds folds every event of both.
let nats: Nats;
let db: TestDatabase;
let prefix: string;
const stream = () => hitsStreamName(prefix);

beforeAll(async () => {
  prefix = `t${randomBytes(4).toString('hex')}_`;
  nats = await connectNats(inject('natsUrl'), `twofold-test-${prefix}`);
  await ensureStreams(nats.jsm, prefix);
  db = await createTestDatabase();
});
afterAll(async () => {
  await nats.jsm.streams.delete(stream()).catch(() => {});
  await nats.nc.close();
  await db.drop();
});

describe('a stream with JSON messages of earlier versions and deflated ones', () => {
  it('folds the events of both', async () => {
    const subject = subjectFor({ prefix, partitions: 16 }, 3, 'human');
    // As every earlier version published: the JSON body itself.
    const old = [hit({ site: 3, visitor: 'a', ts: T0 }), hit({ site: 3, visitor: 'b', ts: T0 + MIN })];
    await nats.js.publish(subject, JSON.stringify({ v: 1, events: old }));
    await new Appender(nats.js).appendAtomic(subject, [
      hit({ site: 3, visitor: 'a', ts: T0 + 2 * MIN }),
      hit({ site: 3, visitor: 'c', ts: T0 + 2 * MIN, kind: 'custom', name: 'Signup' }),
    ]);
    const stored = [1, 2].map(async (seq) => {
      const m = await nats.jsm.streams.getMessage(stream(), { seq });
      return { seq, data: m!.data };
    });
    const [first, second] = await Promise.all(stored);
    expect(first!.data[0]).toBe('{'.charCodeAt(0));
    expect(second!.data[0]).toBe(0x01);

    const r = await foldBatch(db.pool, rollupMinute, [first!, second!]);
    expect(r).toEqual({ events: 4, duplicates: 0, unreadable: 0, lastSeq: 2 });
    const { rows } = await db.pool.query(`
      SELECT sum(pageviews)::int AS pageviews, sum(events)::int AS events, sum(visitors)::int AS visitors,
        sum(sessions)::int AS sessions
      FROM rollup_minute WHERE site_id = 3`);
    expect(rows[0]).toEqual({ pageviews: 3, events: 1, visitors: 3, sessions: 3 });
  });
});
