import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { hit, MIN, T0 } from '../support/events.js';
import { foldTwice, messages } from '../support/projection-spec.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('raw_events', () => {
  it('stores each hit once with its session, and each session with entry and exit pages', async () => {
    const a1 = hit({ site: 1, visitor: 'a', ts: T0, pathname: '/home', referrer: 'https://news.example/' });
    const a2 = hit({ site: 1, visitor: 'a', ts: T0 + 3 * MIN, pathname: '/pricing', query: 'utm_source=x' });
    const b1 = hit({ site: 1, visitor: 'b', ts: T0 + MIN, pathname: '/docs' });
    const a3 = hit({ site: 1, visitor: 'a', ts: T0 + 40 * MIN, pathname: '/again' });
    await foldTwice(db.pool, rawEvents, messages([[a1, b1], [a2], [a3]]), 1);

    const events = (
      await db.pool.query('SELECT id, seq, pathname, session_id, referrer FROM events ORDER BY ts')
    ).rows;
    expect(events).toEqual([
      {
        id: a1.id,
        seq: 1,
        pathname: '/home',
        session_id: a1.id,
        referrer: 'https://news.example/',
      },
      { id: b1.id, seq: 1, pathname: '/docs', session_id: b1.id, referrer: null },
      { id: a2.id, seq: 2, pathname: '/pricing', session_id: a1.id, referrer: null },
      { id: a3.id, seq: 3, pathname: '/again', session_id: a3.id, referrer: null },
    ]);
    const sessions = (
      await db.pool.query(
        'SELECT id, pageviews, events, entry_path, exit_path FROM sessions ORDER BY started_at',
      )
    ).rows;
    expect(sessions).toEqual([
      { id: a1.id, pageviews: 2, events: 2, entry_path: '/home', exit_path: '/pricing' },
      { id: b1.id, pageviews: 1, events: 1, entry_path: '/docs', exit_path: '/docs' },
      { id: a3.id, pageviews: 1, events: 1, entry_path: '/again', exit_path: '/again' },
    ]);
    const cp = await db.pool.query("SELECT last_seq FROM projection_checkpoints WHERE name = 'raw_events'");
    expect(cp.rows).toEqual([{ last_seq: 3 }]);
  });

  it('skips an unreadable message without blocking the ones after it', async () => {
    const good = hit({ site: 9, visitor: 'z', ts: T0 });
    const r = await (
      await import('../../src/projector/fold-batch.js')
    ).foldBatch(db.pool, rawEvents, [
      { seq: 10, data: '{"v":99}' },
      { seq: 11, data: JSON.stringify({ v: 1, events: [good] }) },
    ]);
    expect(r).toMatchObject({ events: 1, unreadable: 1, lastSeq: 11 });
    expect((await db.pool.query('SELECT count(*)::int AS n FROM events WHERE site_id = 9')).rows).toEqual([
      { n: 1 },
    ]);
  });
});

describe('raw_events: sessions, engagement and identities', () => {
  it('attributes a session to its first hit: channel and source from referrer or utm, classified when folding', async () => {
    const s = 20;
    const chat = hit({ site: s, visitor: 'p', ts: T0, pathname: '/guide', referrer: 'https://chatgpt.com/' });
    const inner = hit({
      site: s,
      visitor: 'p',
      ts: T0 + MIN,
      pathname: '/pricing',
      referrer: 'https://example.com/guide',
    });
    const mail = hit({
      site: s,
      visitor: 'q',
      ts: T0,
      query: 'utm_source=newsletter&utm_medium=email&utm_campaign=nov',
    });
    const self = hit({ site: s, visitor: 'r', ts: T0, referrer: 'https://www.example.com/elsewhere' });
    await foldTwice(db.pool, rawEvents, messages([[chat, mail, self], [inner]], 200), 1);
    const sessions = (
      await db.pool.query(
        `SELECT visitor_id, channel, referrer_source, utm_medium, utm_campaign, pageviews FROM sessions
         WHERE site_id = $1 ORDER BY visitor_id`,
        [s],
      )
    ).rows;
    expect(sessions).toEqual([
      {
        visitor_id: 'p',
        channel: 'answer_engine',
        referrer_source: 'ChatGPT',
        utm_medium: null,
        utm_campaign: null,
        pageviews: 2,
      },
      {
        visitor_id: 'q',
        channel: 'email',
        referrer_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'nov',
        pageviews: 1,
      },
      {
        visitor_id: 'r',
        channel: 'direct',
        referrer_source: null,
        utm_medium: null,
        utm_campaign: null,
        pageviews: 1,
      },
    ]);
    // Every hit carries its session's attribution, including the one with an internal referrer.
    const events = (
      await db.pool.query(
        'SELECT pathname, channel FROM events WHERE site_id = $1 AND visitor_id = $2 ORDER BY ts',
        [s, 'p'],
      )
    ).rows;
    expect(events).toEqual([
      { pathname: '/guide', channel: 'answer_engine' },
      { pathname: '/pricing', channel: 'answer_engine' },
    ]);
  });

  it('gives each pageview the engagement that the next pageview or the engagement hit reports for it', async () => {
    const s = 21;
    const a = hit({ site: s, visitor: 'e', ts: T0, pathname: '/a' });
    const b = hit({ site: s, visitor: 'e', ts: T0 + 20_000, pathname: '/b', d: 18_000, sc: 60 });
    const leave = hit({
      site: s,
      visitor: 'e',
      ts: T0 + 50_000,
      pathname: '/b',
      kind: 'engagement',
      d: 25_000,
      sc: 90,
    });
    const c = hit({ site: s, visitor: 'e', ts: T0 + 90_000, pathname: '/c', d: 5_000, sc: 95 });
    // a and b fold together (engagement lands in the inserted row); the rest update stored rows.
    await foldTwice(db.pool, rawEvents, messages([[a, b], [leave], [c]], 300), 1);
    const rows = (
      await db.pool.query(
        `SELECT pathname, kind, engaged_ms, scroll FROM events WHERE site_id = $1 ORDER BY ts`,
        [s],
      )
    ).rows;
    expect(rows).toEqual([
      { pathname: '/a', kind: 'pageview', engaged_ms: 18_000, scroll: 60 },
      { pathname: '/b', kind: 'pageview', engaged_ms: 30_000, scroll: 95 },
      { pathname: '/b', kind: 'engagement', engaged_ms: null, scroll: null },
      { pathname: '/c', kind: 'pageview', engaged_ms: null, scroll: null },
    ]);
  });

  it('links identified hits to an identity whose traits keep the latest value of each trait', async () => {
    const s = 22;
    const first = hit({
      site: s,
      visitor: 'i',
      ts: T0,
      kind: 'custom',
      name: 'identify',
      identity: 'user-7',
      props: { plan: 'free', name: 'Ada' },
    });
    const later = hit({
      site: s,
      visitor: 'i',
      ts: T0 + 5 * MIN,
      kind: 'custom',
      name: 'identify',
      identity: 'user-7',
      props: { plan: 'pro' },
    });
    const page = hit({ site: s, visitor: 'i', ts: T0 + 6 * MIN, identity: 'user-7' });
    // The later identify is folded before the earlier one (a backfill): the earlier one must not win.
    await foldTwice(db.pool, rawEvents, messages([[later], [first], [page]], 400), 1);
    const { rows } = await db.pool.query(
      'SELECT identity, traits, first_seen_at, last_seen_at FROM identities WHERE site_id = $1',
      [s],
    );
    expect(rows).toEqual([
      {
        identity: 'user-7',
        traits: { plan: 'pro', name: 'Ada' },
        first_seen_at: new Date(T0),
        last_seen_at: new Date(T0 + 6 * MIN),
      },
    ]);
    const session = await db.pool.query('SELECT identity FROM sessions WHERE site_id = $1', [s]);
    expect(session.rows).toEqual([{ identity: 'user-7' }]);
  });
});
