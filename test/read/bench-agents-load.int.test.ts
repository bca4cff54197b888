import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentsDesign, dayFetches, dayHits, designAgents, prepare } from '../../bench/agents-data.js';
import {
  agentReadProjections,
  dayStream,
  loadAgentsDesign,
  messagesPerDay,
} from '../../bench/agents-load.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { contentDecay } from '../../src/read/content/decay.js';
import { EMPTY_FILTERS } from '../../src/read/envelope/filters.js';
import { FetchRecorded, HitRecorded } from '../../streams/events.js';
import { createTestDatabase, insertSite, type TestDatabase } from '../support/database.js';

// The benchmark's design at a small scale: four weeks, 2,000 URLs.
const DAY = 86_400_000;
const SMALL: AgentsDesign = {
  site: 1,
  hostname: 'bench.example',
  firstDay: Date.UTC(2026, 7, 1),
  days: 28,
  fetches: 10_000,
  pageviews: 5_000,
  urls: 2_000,
  contentPages: 400,
  seed: 7,
};

let loaded: TestDatabase;
let folded: TestDatabase;
beforeAll(async () => {
  [loaded, folded] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  const sites = await Promise.all([
    insertSite(loaded.pool, 'bench.example'),
    insertSite(folded.pool, 'bench.example'),
  ]);
  expect(sites).toEqual([SMALL.site, SMALL.site]);
  // The benchmark's loader: each day folded in large batches, some indexes built afterwards.
  const times = await loadAgentsDesign(loaded.url, SMALL);
  expect(times).toMatchObject({ fetches: SMALL.fetches, hits: SMALL.pageviews });
  // The projector's path: the same stream as JSON messages, a few at a time through foldBatch.
  const p = prepare(SMALL);
  const perDay = messagesPerDay(p);
  let seq = 1;
  for (let day = 0; day < SMALL.days; day++) {
    const msgs = dayStream(p, day, seq).map((m) => ({
      seq: m.seq,
      origin: m.origin,
      data: JSON.stringify({ v: 1, events: m.events }),
    }));
    seq += perDay[day]!;
    for (const proj of agentReadProjections()) {
      const own = msgs.filter((m) => proj.origin === '*' || proj.origin === m.origin);
      for (let i = 0; i < own.length; i += 5) await foldBatch(folded.pool, proj, own.slice(i, i + 5));
    }
  }
}, 300_000);
afterAll(() => Promise.all([loaded?.drop(), folded?.drop()]));

/** Every row of every table the loader writes, in a stable order, and the checkpoints. */
async function snapshot(pool: pg.Pool) {
  const out: Record<string, string[]> = {};
  for (const table of new Set(agentReadProjections().flatMap((p) => p.tables)))
    out[table] = (await pool.query(`SELECT * FROM ${table}`)).rows.map((r) => JSON.stringify(r)).sort();
  out.checkpoints = (
    await pool.query('SELECT name, last_seq FROM projection_checkpoints ORDER BY 1')
  ).rows.map((r) => JSON.stringify(r));
  out.indexes = (
    await pool.query(`SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`)
  ).rows.map((r) => r.indexdef);
  return out;
}

describe('the agent benchmark’s data', () => {
  it('is designed as promised: exact counts, valid events, the catalog’s agents verified and spoofed, people from answer engines', async () => {
    const p = prepare(SMALL);
    const fetches = Array.from({ length: SMALL.days }, (_, d) => dayFetches(p, d));
    const hits = Array.from({ length: SMALL.days }, (_, d) => dayHits(p, d));
    expect(fetches.flat()).toHaveLength(SMALL.fetches);
    expect(hits.flat()).toHaveLength(SMALL.pageviews);
    expect(dayFetches(p, 3)).toEqual(fetches[3]);
    for (const [d, day] of fetches.entries())
      for (const f of day) {
        expect(FetchRecorded.parse(f)).toEqual(JSON.parse(JSON.stringify(f)));
        expect(Math.floor((f.ts - SMALL.firstDay) / DAY)).toBe(d);
      }
    for (const h of hits.flat()) expect(HitRecorded.parse(h)).toEqual(h);
    // Every catalog agent a user agent can name, but the few whose pattern no token satisfies alone.
    const catalog = loadCatalog();
    const agents = designAgents(SMALL);
    expect(new Set(agents.map((a) => a.agent_id)).size).toBeGreaterThan(catalog.agents.length - 10);
    const { rows } = await loaded.pool.query<Record<string, number>>(`
      SELECT count(DISTINCT agent_id)::int AS agents, count(DISTINCT pathname)::int AS urls,
             (count(*) FILTER (WHERE verified))::int AS verified,
             (count(*) FILTER (WHERE NOT verified AND agent_id = 'gptbot'))::int AS spoofed_gptbot,
             (count(*) FILTER (WHERE agent_id = 'unknown' AND operator = 'openai'))::int AS unknown_openai,
             count(DISTINCT content_type)::int AS content_types,
             (SELECT count(*)::int FROM sessions WHERE channel = 'answer_engine') AS answer_engine_sessions
      FROM agent_fetches`);
    expect(rows[0]!.agents).toBeGreaterThan(100);
    expect(rows[0]!.urls).toBeGreaterThan(1_500);
    expect(rows[0]!.verified).toBeGreaterThan(0.2 * SMALL.fetches);
    expect(rows[0]!.spoofed_gptbot).toBeGreaterThan(0);
    expect(rows[0]!.unknown_openai).toBeGreaterThan(0);
    expect(rows[0]!.content_types).toBeGreaterThanOrEqual(6);
    expect(rows[0]!.answer_engine_sessions).toBeGreaterThan(0.05 * (SMALL.pageviews / 3));
  });

  it('loads exactly the rows (and indexes) the projectors fold from the stream', async () => {
    const [a, b] = await Promise.all([snapshot(loaded.pool), snapshot(folded.pool)]);
    expect(a.agent_fetches).toHaveLength(SMALL.fetches);
    expect(a.events).toHaveLength(SMALL.pageviews);
    expect(a).toEqual(b);
  });

  it('holds pages people left while agents kept reading them', async () => {
    const rows = await contentDecay(
      loaded.pool,
      {
        site: SMALL.site,
        tz: 'UTC',
        start: new Date(SMALL.firstDay + 14 * DAY),
        end: new Date(SMALL.firstDay + 28 * DAY),
        compare: 'none',
        comparison: null,
        granularity: 'day',
        filters: EMPTY_FILTERS,
        audience: 'all',
      },
      { limit: 100, page: 1 },
      { dropPercent: 50, minPageviews: 5 },
    );
    expect(rows.length).toBeGreaterThan(0);
  });
});
