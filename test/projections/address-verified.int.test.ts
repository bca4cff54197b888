import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjections } from '../../projections/index.js';
import type { Projection } from '../../projections/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import type { AddressVerified, StreamEvent } from '../../streams/events.js';
import { createTestDatabase, insertSitesWithIds, type TestDatabase } from '../support/database.js';
import { fetched, MIN, T0 } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

const S = 7;
const OTHER_SITE = 8;
const A = 'ab'.repeat(32);
const B = 'cd'.repeat(32);
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** 2026-11-02T00:00Z, the confirmed day. */
const D = T0 - 10 * HOUR;
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot';

const g = (over: Parameters<typeof fetched>[0]) => fetched({ user_agent: GOOGLEBOT, address: A, ...over });
// Designed fetches, all outside every published range.
const f1 = g({ site: S, ts: D + 10 * HOUR, pathname: '/a' });
const f2 = g({ site: S, ts: D + 10 * HOUR + 30_000, pathname: '/b', content_type: 'application/json' });
const f3 = g({ site: S, ts: D + 15 * HOUR, pathname: '/a' });
/** The next UTC day: the confirmation does not reach it. */
const f4 = g({ site: S, ts: D + DAY + 9 * HOUR, pathname: '/a' });
/** GPTBot from the confirmed address: OpenAI is not the operator confirmed. */
const f5 = fetched({ site: S, ts: D + 10 * HOUR + 5 * MIN, address: A, user_agent: GPTBOT, pathname: '/a' });
/** Another address. */
const f6 = g({ site: S, ts: D + 11 * HOUR, pathname: '/a', address: B });
/** The same address at another site: confirmations are per site. */
const f7 = g({ site: OTHER_SITE, ts: D + 12 * HOUR, pathname: '/a' });
const confirmation: AddressVerified = {
  type: 'AddressVerified',
  id: randomUUID(),
  site: S,
  ts: D + 10 * HOUR + MIN,
  day: '2026-11-02',
  address: A,
  operator: 'google',
  domain: 'googlebot.com',
};
/** Bingbot from the same address, whose operator reverse DNS confirmed too (two operators, one address). */
const f8 = fetched({
  site: S,
  ts: D + 13 * HOUR,
  address: A,
  user_agent: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  pathname: '/a',
});
const bing: AddressVerified = {
  type: 'AddressVerified',
  id: randomUUID(),
  site: S,
  ts: D + 13 * HOUR,
  day: '2026-11-02',
  address: A,
  operator: 'microsoft',
  domain: 'search.msn.com',
};
/** The same confirmation from another API process. */
const again: AddressVerified = { ...confirmation, id: randomUUID(), ts: D + 16 * HOUR };

const AGENT = createProjections(loadCatalog()).filter((p) =>
  ['agent_fetches', 'agent_rollup_minute', 'agent_coverage', 'citation_gap'].includes(p.name),
) as Projection[];

/** What the agent projections hold, every row of every table they own, without stream sequences. */
async function snapshot(db: TestDatabase) {
  const out: Record<string, unknown[]> = {};
  for (const t of AGENT.flatMap((p) => p.tables)) {
    const { rows } = await db.pool.query(`SELECT * FROM ${t} r`);
    out[t] = rows
      .map((r: Record<string, unknown>) => {
        const { seq: _seq, id: _id, through_seq: _t, ...rest } = r;
        return JSON.stringify(rest);
      })
      .sort();
  }
  return out;
}

/** Folds the groups (one message each) in batches of `batch` messages into a fresh database. */
async function foldInto(groups: StreamEvent[][], batch: number) {
  const db = await createTestDatabase();
  await insertSitesWithIds(db.pool, [
    [S, 'example.com'],
    [OTHER_SITE, 'other.example'],
  ]);
  const msgs = messages(groups);
  for (const p of AGENT)
    for (let i = 0; i < msgs.length; i += batch) await foldBatch(db.pool, p, msgs.slice(i, i + batch));
  return db;
}

const ORDERS: [string, StreamEvent[][], number][] = [
  [
    'the confirmation between the fetches, one message a batch',
    [[f1, f2, f5, f6, f7, f8], [confirmation], [f3, f4], [again], [bing]],
    1,
  ],
  ['the confirmations first', [[bing, confirmation], [f1, f2, f3, f4, f5, f6, f7, f8], [again]], 1],
  ['the confirmation last, twice', [[f1, f2, f3, f4, f5, f6, f7], [again], [confirmation], [f8, bing]], 1],
  ['everything in one batch', [[f1, f2], [confirmation], [f3, f4, f5, f6, f7, f8, again, bing]], 3],
];

let dbs: TestDatabase[] = [];
let snapshots: Record<string, unknown[]>[] = [];
beforeAll(async () => {
  dbs = [];
  for (const [, groups, batch] of ORDERS) dbs.push(await foldInto(groups, batch));
  snapshots = await Promise.all(dbs.map(snapshot));
});
afterAll(async () => {
  for (const db of dbs) await db.drop();
});

const iso = (ms: number) => new Date(ms).toISOString();

describe('AddressVerified in the agent projections', () => {
  it('verifies the confirmed operator’s fetches from the address that UTC day at that site, before and after it', async () => {
    const { rows } = await dbs[0]!.pool.query(
      `SELECT site_id::int, ts, agent_id, verified, verified_by, address_digest = $1 AS confirmed_address
       FROM agent_fetches ORDER BY ts`,
      [A],
    );
    expect(
      rows.map((r) => [
        r.site_id,
        r.ts.toISOString(),
        r.agent_id,
        r.verified,
        r.verified_by,
        r.confirmed_address,
      ]),
    ).toEqual([
      [S, iso(f1.ts), 'googlebot', true, 'reverse_dns', true],
      [S, iso(f2.ts), 'googlebot', true, 'reverse_dns', true],
      [S, iso(f5.ts), 'gptbot', false, null, true],
      [S, iso(f6.ts), 'googlebot', false, null, false],
      [OTHER_SITE, iso(f7.ts), 'googlebot', false, null, true],
      [S, iso(f8.ts), 'bingbot', true, 'reverse_dns', true],
      [S, iso(f3.ts), 'googlebot', true, 'reverse_dns', true],
      [S, iso(f4.ts), 'googlebot', false, null, true],
    ]);
  });

  it('moves the rollups’ counts from the unverified rows to reverse_dns, leaving no empty row', async () => {
    const db = dbs[0]!;
    const day = await db.pool.query(
      `SELECT site_id::int, day, agent_id, verified_by, fetches::int, html_fetches::int, bytes::int FROM agent_rollup_day
       ORDER BY site_id, day, agent_id, verified_by NULLS FIRST`,
    );
    expect(
      day.rows.map((r) => [
        r.site_id,
        r.day.toISOString(),
        r.agent_id,
        r.verified_by,
        r.fetches,
        r.html_fetches,
        r.bytes,
      ]),
    ).toEqual([
      // f6 (another address) stays unverified; f1, f2, f3 moved, and Bingbot's f8.
      [S, iso(D), 'bingbot', 'reverse_dns', 1, 1, 1000],
      [S, iso(D), 'googlebot', null, 1, 1, 1000],
      [S, iso(D), 'googlebot', 'reverse_dns', 3, 2, 3000],
      [S, iso(D), 'gptbot', null, 1, 1, 1000],
      [S, iso(D + DAY), 'googlebot', null, 1, 1, 1000],
      [OTHER_SITE, iso(D), 'googlebot', null, 1, 1, 1000],
    ]);
    const minute = await db.pool.query(
      `SELECT minute, verified_by, fetches::int FROM agent_rollup_minute
       WHERE site_id = $1 AND agent_id = 'googlebot' AND minute < $2 ORDER BY minute`,
      [S, iso(D + DAY)],
    );
    expect(minute.rows.map((r) => [r.minute.toISOString(), r.verified_by, r.fetches])).toEqual([
      [iso(D + 10 * HOUR), 'reverse_dns', 2],
      [iso(D + 11 * HOUR), null, 1],
      [iso(D + 15 * HOUR), 'reverse_dns', 1],
    ]);
    const hours = await db.pool.query(
      `SELECT count(*)::int AS n, sum(fetches)::int AS fetches FROM agent_rollup_hour WHERE site_id = $1 AND agent_id = 'googlebot' AND verified_by = 'reverse_dns'`,
      [S],
    );
    expect(hours.rows[0]).toEqual({ n: 2, fetches: 3 });
  });

  it('counts the moved fetches as verified in URL coverage, per URL and per URL and day', async () => {
    const db = dbs[0]!;
    const agents = await db.pool.query(
      `SELECT pathname, agent_id, fetches::int, verified_fetches::int FROM url_coverage_agents WHERE site_id = $1
       ORDER BY pathname, agent_id`,
      [S],
    );
    expect(agents.rows).toEqual([
      { pathname: '/a', agent_id: 'bingbot', fetches: 1, verified_fetches: 1 },
      { pathname: '/a', agent_id: 'googlebot', fetches: 4, verified_fetches: 2 },
      { pathname: '/a', agent_id: 'gptbot', fetches: 1, verified_fetches: 0 },
      { pathname: '/b', agent_id: 'googlebot', fetches: 1, verified_fetches: 1 },
    ]);
    const days = await db.pool.query(
      `SELECT pathname, day, fetches::int, verified_fetches::int FROM url_coverage_day
       WHERE site_id = $1 AND agent_id = 'googlebot' ORDER BY pathname, day`,
      [S],
    );
    expect(days.rows.map((r) => [r.pathname, r.day.toISOString(), r.fetches, r.verified_fetches])).toEqual([
      ['/a', iso(D), 3, 2],
      ['/a', iso(D + DAY), 1, 0],
      ['/b', iso(D), 1, 1],
    ]);
  });

  it('keeps only the fetches still unverified for a confirmation, and each confirmation once', async () => {
    const db = dbs[0]!;
    for (const t of ['agent_rollup_unverified', 'coverage_unverified']) {
      const { rows } = await db.pool.query(
        `SELECT site_id::int, address_digest = $1 AS a, day, sum(fetches)::int AS fetches FROM ${t}
         GROUP BY 1, 2, 3 ORDER BY 1, 3, 2`,
        [A],
      );
      // f4 (next day), f6 (address B), f7 (other site); GPTBot's operator has no rdns_domains.
      expect(rows.map((r) => [r.site_id, r.a, r.day.toISOString(), r.fetches])).toEqual([
        [S, false, iso(D), 1],
        [S, true, iso(D + DAY), 1],
        [OTHER_SITE, true, iso(D), 1],
      ]);
    }
    for (const t of [
      'address_verifications',
      'agent_rollup_address_verifications',
      'coverage_address_verifications',
    ])
      expect(
        (await db.pool.query(`SELECT site_id::int, day, operator, domain FROM ${t} ORDER BY operator`)).rows,
      ).toEqual([
        { site_id: S, day: new Date(D), operator: 'google', domain: 'googlebot.com' },
        { site_id: S, day: new Date(D), operator: 'microsoft', domain: 'search.msn.com' },
      ]);
  });

  it.each(ORDERS.slice(1).map(([name], i) => [name, i + 1] as const))(
    'folds to the same rows whatever the order: %s',
    (_name, i) => {
      expect(snapshots[i]).toEqual(snapshots[0]);
    },
  );

  it('never verifies a fetch whose signature was forged, before or after the confirmation', async () => {
    // Googlebot's user agent with a signature that failed: a forged claim stays unverified whatever vouches for the address.
    const forged = (ts: number) =>
      g({
        site: S,
        ts,
        pathname: '/f',
        signature: { agent: 'https://chatgpt.com', result: 'invalid', reason: 'bad_signature' },
      });
    const db = await foldInto([[forged(D + 9 * HOUR)], [confirmation], [forged(D + 17 * HOUR)]], 1);
    try {
      const fetches = await db.pool.query(
        'SELECT verified, verified_by, signature_forged FROM agent_fetches WHERE pathname = $1 ORDER BY ts',
        ['/f'],
      );
      expect(fetches.rows).toEqual([
        { verified: false, verified_by: null, signature_forged: true },
        { verified: false, verified_by: null, signature_forged: true },
      ]);
      const day = await db.pool.query(
        'SELECT verified_by, fetches::int, forged_fetches::int FROM agent_rollup_day WHERE site_id = $1',
        [S],
      );
      expect(day.rows).toEqual([{ verified_by: null, fetches: 2, forged_fetches: 2 }]);
      const coverage = await db.pool.query(
        'SELECT fetches::int, verified_fetches::int FROM url_coverage_agents WHERE site_id = $1 AND pathname = $2',
        [S, '/f'],
      );
      expect(coverage.rows).toEqual([{ fetches: 2, verified_fetches: 0 }]);
    } finally {
      await db.drop();
    }
  });
});
