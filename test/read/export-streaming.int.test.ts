import { request } from 'node:http';
import cookie from '@fastify/cookie';
import { parse } from 'csv-parse/sync';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dimensionRollup } from '../../projections/dimension-rollup/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { createPool } from '../../src/db/pool.js';
import { sql } from '../../src/db/sql.js';
import { registerErrorHandlers } from '../../src/http/errors.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { createReadPool } from '../../src/read/budget/read-budget.js';
import { ALL_ROWS, ExportCursors } from '../../src/read/export/cursors.js';
import { exportFamilies } from '../../src/read/export/families.js';
import { exportRoutes } from '../../src/read/export/routes.js';
import { readDepsOf } from '../../src/app.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { hit, MIN } from '../support/events.js';
import { pdfPages } from '../support/pdf-text.js';
import { messages } from '../support/projection-spec.js';

/*
 * An export reads all of a list read's rows in one pass: the read's list query runs once, as a
 * cursor, and every page of the file is fetched from it (it once ran the whole aggregation again
 * for every page, with OFFSET). The PDF counts the rows it does not show instead of reading them.
 *
 * The designed day: 130 pages /p000 … /p129; page /pN is viewed by N % 7 + 1 visitors (one
 * pageview each), from 7 referrers, so the ranking has ties broken by path, and the sources read
 * has lists of several rows. Read 10 rows a page: 13 pages.
 */
const PAGES = 130;
const ROWS = 10;
const T = Date.UTC(2026, 10, 2);
const WINDOW = 'start=2026-11-02T00:00:00Z&end=2026-11-03T00:00:00Z';
const REFERRERS = [
  'https://www.google.com/',
  'https://chatgpt.com/',
  'https://news.ycombinator.com/',
  'https://www.bing.com/',
  'https://duckduckgo.com/',
  'https://www.reddit.com/',
  'https://example.org/',
];

let t: TestApp;
let small: FastifyInstance;
let counted: pg.Pool;
let site: number;
let key: string;
/** Every statement the export's reads sent, in order. */
const statements: string[] = [];

/** A read pool whose clients record what they are asked to run. */
function countingPool(pool: pg.Pool): pg.Pool {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    client.query = ((...a: unknown[]) => {
      const s = a[0] as string | { text: string };
      statements.push(typeof s === 'string' ? s : s.text);
      return query(...a);
    }) as typeof client.query;
  });
  return pool;
}

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await signUp(t.app);
  site = (await createSite(t.app, owner.cookie, { domain: 'stream.example', timezone: 'UTC' })).id;
  key = (await createKey(t.app, owner.cookie, site)).key;
  const hits = Array.from({ length: PAGES }, (_, n) =>
    Array.from({ length: (n % 7) + 1 }, (_, v) =>
      hit({
        site,
        visitor: `v${n}-${v}`,
        ts: T + 9 * 60 * MIN + n * MIN + v * 1000,
        pathname: `/p${String(n).padStart(3, '0')}`,
        hostname: 'stream.example',
        referrer: REFERRERS[(n + v) % REFERRERS.length]!,
      }),
    ),
  ).flat();
  for (const p of [rawEvents, dimensionRollup]) await foldBatch(t.database.pool, p, messages([hits], 1));
  counted = countingPool(createReadPool(t.database.url, t.deps.config));
  small = Fastify({ logger: false });
  registerErrorHandlers(small);
  await small.register(cookie);
  await small.register(exportRoutes, {
    deps: { ...readDepsOf(t.deps), readDb: counted },
    families: exportFamilies(t.deps.config),
    pageRows: ROWS,
    prefix: '/api/stats',
  });
  await small.ready();
});
afterAll(async () => {
  await small?.close();
  await counted?.end();
  await t?.close();
});
beforeEach(() => {
  statements.length = 0;
});

const get = (app: FastifyInstance, url: string) =>
  app.inject({ url, headers: { authorization: `Bearer ${key}` } });

async function json(read: string, query = 'limit=10000') {
  const res = await get(t.app, `/api/stats/${read}?site=${site}&${WINDOW}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const cell = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** The statements of each kind the export sent, by their first word (DECLARE, FETCH, MOVE…). */
const kinds = () => statements.map((s) => s.trim().split(/\s/)[0]!);
/** Statements that ran the pages read's aggregation (in a DECLARE or on their own). */
const aggregations = (marker: string) => statements.filter((s) => s.includes(marker)).length;

describe('CSV', () => {
  it('pages: every row of the JSON, in its order, from one run of the aggregation', async () => {
    const res = await get(small, `/api/stats/export.csv?site=${site}&${WINDOW}&report=pages`);
    expect(res.statusCode, res.body).toBe(200);
    const data: Record<string, unknown>[] = await json('pages');
    expect(data).toHaveLength(PAGES);
    const cols = ['pathname', 'visitors', 'pageviews', 'entries', 'exits', 'scroll_depth', 'time_on_page'];
    const rows = parse(res.body) as string[][];
    expect(rows).toEqual([cols, ...data.map((r) => cols.map((c) => cell(r[c])))]);
    expect(rows[1]).toEqual(['/p006', '7', '7', '7', '7', '', '']);
    expect(aggregations('ORDER BY h.visitors DESC')).toBe(1);
    expect(kinds()).toEqual([
      'BEGIN',
      'SELECT',
      'DECLARE',
      ...Array(PAGES / ROWS + 1).fill('FETCH'), // 13 full pages, then the empty one that ends it
      'COMMIT',
    ]);
  });

  it('sources: each list from its own cursor, each aggregation run once, the lists in the JSON’s order', async () => {
    const res = await get(small, `/api/stats/export.csv?site=${site}&${WINDOW}&report=sources`);
    expect(res.statusCode, res.body).toBe(200);
    const data = (await json('sources')) as Record<string, Record<string, unknown>[]>;
    const ranked = ['value', 'visitors', 'pageviews', 'share'];
    expect(parse(res.body)).toEqual([
      ['list', ...ranked],
      ...Object.entries(data).flatMap(([list, rows]) =>
        rows.map((r) => [list, ...ranked.map((c) => cell(r[c]))]),
      ),
    ]);
    expect(kinds().filter((k) => k === 'DECLARE')).toHaveLength(3);
    expect(statements.filter((s) => !s.startsWith('DECLARE') && s.includes('GROUP BY'))).toEqual([]);
  });

  it('with limit or page given: exactly that JSON page, one query, no cursor', async () => {
    const res = await get(small, `/api/stats/export.csv?site=${site}&${WINDOW}&report=pages&limit=5&page=3`);
    const rows = parse(res.body) as string[][];
    expect(rows.slice(1).map((r) => r[0])).toEqual(
      ((await json('pages', 'limit=5&page=3')) as { pathname: string }[]).map((r) => r.pathname),
    );
    expect(kinds()).toEqual(['WITH']);
  });

  it('gives its connection back, also when the client goes away mid-file', async () => {
    const url = new URL(await small.listen({ port: 0, host: '127.0.0.1' }));
    // The client reads the first chunk (the header and the first page), then drops the socket.
    const dropAfterFirstChunk = () =>
      new Promise<void>((resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: `/api/stats/export.csv?site=${site}&${WINDOW}&report=pages`,
            headers: { authorization: `Bearer ${key}` },
            agent: false,
          },
          (res) => {
            expect(res.statusCode).toBe(200);
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          },
        );
        req.on('error', (err) => (err.message === 'socket hang up' ? resolve() : reject(err)));
        req.end();
      });
    for (let i = 0; i < 12; i++) await dropAfterFirstChunk();
    await expect.poll(() => counted.idleCount, { timeout: 10_000 }).toBe(counted.totalCount);
    // Files were cut off before their end: fewer pages fetched than 12 whole files take.
    expect(kinds().filter((k) => k === 'FETCH').length).toBeLessThan(12 * (PAGES / ROWS + 1));
    expect(kinds().filter((k) => k === 'DECLARE')).toHaveLength(12);
    expect(kinds().filter((k) => k === 'COMMIT')).toHaveLength(12);
    const after = await get(small, `/api/stats/export.csv?site=${site}&${WINDOW}&report=pages`);
    expect(parse(after.body)).toHaveLength(PAGES + 1);
  });
});

describe('a download whose client stops reading', () => {
  it('is cut off once idle past READ_TIMEOUT_MS, and its connection is replaced, not pooled', async () => {
    const pool = createPool(t.database.url, 1);
    const cursors = await ExportCursors.open(pool, 200);
    try {
      const list = sql`SELECT n FROM generate_series(1, 20) n ORDER BY n LIMIT ${ALL_ROWS}`;
      expect((await cursors.page(1, 5).query(list)).rows).toEqual([1, 2, 3, 4, 5].map((n) => ({ n })));
      // The client takes a second over its first page: past the 200 ms allowed between pages.
      await new Promise((r) => setTimeout(r, 1000));
      await expect(cursors.page(2, 5).query(list)).rejects.toThrow();
      await cursors.close();
      // The pool's one connection works: the ended session was not handed out again.
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await cursors.close();
      await pool.end();
    }
  });
});

describe('PDF', () => {
  it('keeps the first 60 rows and counts the rest in Postgres: one aggregation, 6 pages fetched, 130 rows', async () => {
    const res = await get(small, `/api/stats/export.pdf?site=${site}&${WINDOW}&report=pages`);
    expect(res.statusCode, res.body).toBe(200);
    expect(aggregations('ORDER BY h.visitors DESC')).toBe(1);
    expect(kinds()).toEqual(['BEGIN', 'SELECT', 'DECLARE', ...Array(6).fill('FETCH'), 'MOVE', 'COMMIT']);
    const [text] = await pdfPages(res.rawPayload);
    expect(text).toContain('130 rows');
  });
});
