import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjections } from '../../projections/index.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { rebuildProjections } from '../../src/projector/rebuild.js';
import type { Projector } from '../../src/projector/projector.js';
import { messageText } from '../../streams/message-codec.js';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { type DnsServer, startDnsServer, type Zone } from '../support/dns-server.js';
import { htmlFetchRow, postEdge, sign } from '../support/edge.js';
import { startProjectors, waitForLagZero } from '../support/projectors.js';
import { streamEvents, streamMessages } from '../support/stream.js';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
// Documentation addresses (RFC 5737): in none of Google's published ranges.
const CONFIRMED = '198.51.100.20';
const MISMATCH = '198.51.100.21';
const WRONG = '198.51.100.22';
const LOOKALIKE = '198.51.100.23';
const NO_PTR = '198.51.100.24';
const SILENT = '198.51.100.25';
const ALL = [CONFIRMED, MISMATCH, WRONG, LOOKALIKE, NO_PTR, SILENT];

const zone: Zone = {
  ptr: {
    [CONFIRMED]: ['crawl-198-51-100-20.googlebot.com'],
    [MISMATCH]: ['crawl-198-51-100-21.googlebot.com'],
    [WRONG]: ['host-22.example.net'],
    [LOOKALIKE]: ['crawl-198-51-100-23.evilgooglebot.com'],
    [SILENT]: ['crawl-198-51-100-25.googlebot.com'],
  },
  a: {
    'crawl-198-51-100-20.googlebot.com': [CONFIRMED],
    'crawl-198-51-100-21.googlebot.com': ['203.0.113.9'],
    'crawl-198-51-100-23.evilgooglebot.com': [LOOKALIKE],
  },
  silent: new Set(['25.100.51.198.in-addr.arpa']),
};

const MIN = 60_000;
const DAY = 1440 * MIN;
let dns: DnsServer;
const logLines: string[] = [];
let t: TestApp;
let workers: Projector[];
let site: { id: number; ingest_key: string };
/** Today's fetches: `earlier` is folded before the confirmation, `later` after it. */
const now = Date.now();
const today = Math.floor(now / DAY) * DAY;
const earlier = Math.max(today, now - 10 * MIN);
const later = earlier + 1000;
/** Three days ago: out of the verifier's window, and another day than the confirmation's. */
const old = now - 3 * DAY;

const ship = async (rows: object[]) => {
  const body = JSON.stringify({ site_id: site.id, agent_events: rows });
  return postEdge(t.app, body, sign(body, site.ingest_key));
};
const row = (at: number, pathname: string, ip: string) =>
  htmlFetchRow('crawled.example', at, GOOGLEBOT, pathname, ip);

async function counts(metric: 'reverseDnsChecks' | 'reverseDnsSkipped') {
  const { values } = await t.deps.metrics[metric].get();
  return Object.fromEntries(values.map((v) => [String(Object.values(v.labels)[0]), v.value]));
}
async function until(what: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}
const fetchRows = async () =>
  (
    await t.database.pool.query(
      `SELECT ts, pathname, agent_id, verified_by FROM agent_fetches WHERE site_id = $1 ORDER BY ts, pathname`,
      [site.id],
    )
  ).rows.map((r) => [r.ts.getTime(), r.pathname, r.agent_id, r.verified_by]);

beforeAll(async () => {
  dns = await startDnsServer(zone);
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logLines.push(String(chunk));
      cb();
    },
  });
  t = await buildTestApp({ env: { DNS_SERVERS: dns.address, LOG_LEVEL: 'trace' }, logStream });
  workers = await startProjectors(t.deps);
  const { cookie } = await signUp(t.app);
  site = await createSite(t.app, cookie, { domain: 'crawled.example' });
});
afterAll(async () => {
  for (const w of workers) await w.stop();
  await t.close();
  await dns.close();
});

describe('forward-confirmed reverse DNS of agent addresses', () => {
  it('answers the shipment before DNS answers, then verifies the earlier and later fetches of that day', async () => {
    zone.delayMs = 2000;
    const res = await ship([
      row(earlier, '/a', CONFIRMED),
      row(earlier, '/b', CONFIRMED),
      row(old, '/a', CONFIRMED),
    ]);
    expect(res.statusCode).toBe(202);
    // The shipment was stored and answered while no lookup had been answered yet.
    expect(dns.answered).toEqual([]);
    await until(async () => (await counts('reverseDnsChecks')).confirmed === 1);
    zone.delayMs = 0;
    // One check for both of today's fetches (the digest is the key); the old fetch asked for none.
    expect(dns.answered).toEqual(['PTR 20.100.51.198.in-addr.arpa', 'A crawl-198-51-100-20.googlebot.com']);
    expect(await counts('reverseDnsSkipped')).toEqual({ out_of_window: 1 });
    await until(async () => (await streamEvents(t.deps)).some((e) => e.type === 'AddressVerified'));
    await waitForLagZero(t.app);

    const later_ = await ship([row(later, '/a', CONFIRMED)]);
    expect(later_.statusCode).toBe(202);
    await until(async () => (await counts('reverseDnsSkipped')).cached === 1);
    await waitForLagZero(t.app);

    expect(await fetchRows()).toEqual([
      [old, '/a', 'googlebot', null],
      [earlier, '/a', 'googlebot', 'reverse_dns'],
      [earlier, '/b', 'googlebot', 'reverse_dns'],
      [later, '/a', 'googlebot', 'reverse_dns'],
    ]);
    const verified = (await streamEvents(t.deps)).filter((e) => e.type === 'AddressVerified');
    expect(verified).toHaveLength(1);
    expect(verified[0]).toMatchObject({
      site: site.id,
      day: new Date(today).toISOString().slice(0, 10),
      operator: 'google',
      domain: 'googlebot.com',
    });
    const day = await t.database.pool.query(
      `SELECT day, verified_by, fetches::int FROM agent_rollup_day WHERE site_id = $1 ORDER BY day, verified_by`,
      [site.id],
    );
    expect(day.rows.map((r) => [r.day.getTime(), r.verified_by, r.fetches])).toEqual([
      [Math.floor(old / DAY) * DAY, null, 1],
      [today, 'reverse_dns', 3],
    ]);
  });

  it('leaves a forward mismatch, a wrong suffix, a lookalike suffix, no PTR and a timeout unverified, each counted', async () => {
    const at = later + 1000;
    const res = await ship([
      row(at, '/mismatch', MISMATCH),
      row(at, '/wrong', WRONG),
      row(at, '/lookalike', LOOKALIKE),
      row(at, '/no-ptr', NO_PTR),
      row(at, '/silent', SILENT),
    ]);
    expect(res.statusCode).toBe(202);
    await until(async () => (await counts('reverseDnsChecks')).timeout === 1);
    expect(await counts('reverseDnsChecks')).toEqual({
      confirmed: 1,
      forward_mismatch: 1,
      wrong_suffix: 2,
      no_ptr: 1,
      timeout: 1,
    });
    await waitForLagZero(t.app);
    const failed = (await fetchRows()).filter((r) => r[0] === at);
    expect(failed).toEqual(
      ['/lookalike', '/mismatch', '/no-ptr', '/silent', '/wrong'].map((p) => [at, p, 'googlebot', null]),
    );
    expect((await streamEvents(t.deps)).filter((e) => e.type === 'AddressVerified')).toHaveLength(1);
  });

  it('rebuilds the agent projections from the stream to exactly the same rows', async () => {
    const projections = createProjections(loadCatalog()).filter((p) =>
      ['agent_fetches', 'agent_rollup_minute', 'agent_coverage'].includes(p.name),
    );
    const tables = projections.flatMap((p) => p.tables);
    const dump = async () => {
      const out: Record<string, string[]> = {};
      for (const table of tables)
        out[table] = (
          await t.database.pool.query(`SELECT x::text AS row FROM ${table} x ORDER BY 1`)
        ).rows.map((r) => r.row as string);
      return out;
    };
    const before = await dump();
    expect(before.agent_rollup_unverified!.length).toBeGreaterThan(0);
    await rebuildProjections(
      {
        db: t.database.pool,
        nats: t.deps.nats,
        prefix: t.deps.config.STREAM_PREFIX,
        partitions: t.deps.config.PROJECTION_PARTITIONS,
        log: t.deps.log,
      },
      projections,
    );
    expect(await dump()).toEqual(before);
  });

  it('never writes a raw address to the stream, to Postgres or to a log line', async () => {
    const stored = (await streamMessages(t.deps)).map((m) => messageText(m.data)!);
    expect(stored.length).toBeGreaterThan(0);
    const tables = await t.database.pool.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    const dumps: string[] = [];
    for (const { table_name } of tables.rows)
      dumps.push(
        ...(await t.database.pool.query(`SELECT x::text AS row FROM ${table_name} x`)).rows.map(
          (r) => `${table_name}: ${r.row}`,
        ),
      );
    expect(dumps.filter((d) => d.startsWith('address_verifications: '))).toHaveLength(1);
    // The verifier logged each check (at debug), with its operator and result only.
    expect(logLines.filter((l) => l.includes('reverse DNS check'))).toHaveLength(6);
    // Each address, as text, as a PTR name spells it, and as the hex of its text.
    for (const form of ALL.flatMap((ip) => [ip, ip.replaceAll('.', '-'), Buffer.from(ip).toString('hex')])) {
      expect(stored.filter((s) => s.includes(form))).toEqual([]);
      expect(dumps.filter((d) => d.includes(form))).toEqual([]);
      expect(logLines.filter((l) => l.includes(form))).toEqual([]);
    }
  });
});
