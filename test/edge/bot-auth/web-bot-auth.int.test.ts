import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankFetches } from '../../../src/read/agents/breakdown.js';
import { agentOverview } from '../../../src/read/agents/overview.js';
import { agentTotals } from '../../../src/read/agents/totals.js';
import { AGENT_DIMENSIONS, parseFilters } from '../../../src/read/envelope/filters.js';
import type { Query } from '../../../src/read/envelope/query.js';
import type { Projector } from '../../../src/projector/projector.js';
import { createSite, signUp } from '../../support/accounts.js';
import { buildTestApp, type TestApp } from '../../support/app.js';
import { signRequest, type SignOptions, testKey } from '../../support/bot-auth.js';
import { htmlFetchRow, postEdge, sign } from '../../support/edge.js';
import { startProjectors, waitForLagZero } from '../../support/projectors.js';
import { streamEvents } from '../../support/stream.js';
import { windowQuery } from '../../support/window-query.js';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot';
const CHATGPT_USER =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
const CLAUDEBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
const HOST = 'docs.example';
/** Outside every published range; 20.171.206.10 lies in OpenAI's GPTBot range. */
const CLOUD = '203.0.113.7';
const OPENAI_RANGE = '20.171.206.10';
const S = 1000;
const HOUR = 3_600_000;
/** Two days ago, on the hour: older than any signature's expiry by wall clock. */
const START = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 2 * 86_400_000 + 10 * HOUR;

const chatgpt = await testKey();
const privateKey = await testKey();
const stranger = await testKey();
let directory: Server;
let t: TestApp;
let workers: Projector[];
let site: number;
let ingestKey: string;
let cookie: string;

type Row = ReturnType<typeof htmlFetchRow> & Record<string, unknown>;
let minute = 0;
const at = () => START + minute++ * 60 * S;

async function signedRow(ua: string, ip: string, agent: string, o: Partial<SignOptions> = {}): Promise<Row> {
  const ts = at();
  const headers = await signRequest({
    key: chatgpt,
    authority: HOST,
    signatureAgent: `"${agent}"`,
    created: ts - 5 * S,
    expires: ts + 60 * S,
    ...o,
  });
  return { ...htmlFetchRow(HOST, ts, ua, '/guide', ip), ...headers, signature_agent: `"${agent}"` };
}
const plainRow = (ua: string, ip: string): Row => htmlFetchRow(HOST, at(), ua, '/guide', ip);

/**
 * The designed set: 10 valid signed fetches from a cloud address (6 of the ChatGPT agent with a
 * plain Chrome user agent, 2 ChatGPT-User, 2 of a private agent), 4 GPTBot fetches from OpenAI's
 * range, 7 forged signatures (one per failure, one of them from OpenAI's range), 3 claims that
 * cannot be checked (2 with the directory down, 1 of an unknown origin) and 5 spoofed user agents
 * from the cloud without a signature: 29 fetches.
 */
async function designedRows(): Promise<Row[]> {
  const ts = () => START + minute * 60 * S;
  const rows: Row[] = [];
  for (let i = 0; i < 6; i++) rows.push(await signedRow(CHROME, CLOUD, 'https://chatgpt.com'));
  for (let i = 0; i < 2; i++) rows.push(await signedRow(CHATGPT_USER, CLOUD, 'https://chatgpt.com'));
  for (let i = 0; i < 2; i++)
    rows.push(await signedRow(CHROME, CLOUD, 'https://bot.private.example', { key: privateKey }));
  for (let i = 0; i < 4; i++) rows.push(plainRow(GPTBOT, OPENAI_RANGE));
  // Forged: wrong key, tampered authority, expired, created in the future, unknown keyid, no tag; and a
  // wrong key from OpenAI's own range, which the range does not redeem.
  rows.push(await signedRow(CHROME, CLOUD, 'https://chatgpt.com', { key: stranger, keyid: chatgpt.keyid }));
  rows.push(await signedRow(CHROME, CLOUD, 'https://chatgpt.com', { authority: 'elsewhere.example' }));
  rows.push(
    await signedRow(CHROME, CLOUD, 'https://chatgpt.com', {
      created: ts() - HOUR,
      expires: ts() - 10 * 60 * S,
    }),
  );
  rows.push(
    await signedRow(CHROME, CLOUD, 'https://chatgpt.com', {
      created: ts() + 10 * 60 * S,
      expires: ts() + HOUR,
    }),
  );
  rows.push(await signedRow(CHROME, CLOUD, 'https://chatgpt.com', { key: stranger }));
  const untagged = await signedRow(CHROME, CLOUD, 'https://chatgpt.com');
  rows.push({
    ...untagged,
    signature_input: String(untagged.signature_input).replace(';tag="web-bot-auth"', ''),
  });
  rows.push(
    await signedRow(GPTBOT, OPENAI_RANGE, 'https://chatgpt.com', { key: stranger, keyid: chatgpt.keyid }),
  );
  // Unchecked.
  for (let i = 0; i < 2; i++) rows.push(await signedRow(GPTBOT, CLOUD, 'https://down.example'));
  rows.push(await signedRow(GPTBOT, CLOUD, 'https://bots.unknown.example'));
  // Spoofed, unsigned.
  for (let i = 0; i < 3; i++) rows.push(plainRow(GPTBOT, CLOUD));
  for (let i = 0; i < 2; i++) rows.push(plainRow(CLAUDEBOT, CLOUD));
  return rows;
}

beforeAll(async () => {
  directory = createServer((req, res) => {
    const keys = req.url === '/chatgpt' ? [chatgpt.jwk] : req.url === '/private' ? [privateKey.jwk] : null;
    if (!keys) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/http-message-signatures-directory+json' });
    res.end(JSON.stringify({ keys }));
  });
  await new Promise<void>((r) => directory.listen(0, '127.0.0.1', r));
  const dir = `http://127.0.0.1:${(directory.address() as AddressInfo).port}`;
  // A port nothing listens on: the server just closed.
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const down = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/dir`;
  await new Promise<void>((r) => closed.close(() => r()));
  t = await buildTestApp({
    env: {
      POLICY_FETCH_PRIVATE: 'true',
      AGENT_KEY_DIRECTORY_URLS: [
        `https://chatgpt.com=${dir}/chatgpt`,
        `https://bot.private.example=${dir}/private`,
        `https://down.example=${down}`,
      ].join(','),
    },
  });
  workers = await startProjectors(t.deps);
  ({ cookie } = await signUp(t.app));
  const s = await createSite(t.app, cookie, { domain: HOST });
  site = s.id;
  ingestKey = s.ingest_key;
  const body = JSON.stringify({ site_id: site, agent_events: await designedRows() });
  const res = await postEdge(t.app, body, sign(body, s.ingest_key));
  expect(res.statusCode).toBe(202);
  await waitForLagZero(t.app);
}, 60_000);
afterAll(async () => {
  for (const w of workers) await w.stop();
  await t.close();
  await new Promise<void>((r) => directory.close(() => r()));
});

const query = (filters: unknown[] = []): Query => ({
  ...windowQuery(site, START, START + 2 * HOUR),
  audience: 'agent',
  filters: parseFilters(filters, AGENT_DIMENSIONS),
});

describe('Web Bot Auth, end to end', () => {
  it('judges each claim at ingest and keeps no header of it', async () => {
    const events = await streamEvents(t.deps);
    const verdicts = events.map((e) => {
      const s = e.signature as { agent: string; result: string; reason?: string } | undefined;
      return s ? `${s.result}${s.reason ? ` ${s.reason}` : ''}` : 'none';
    });
    const count = (v: string) => verdicts.filter((x) => x === v).length;
    expect(verdicts).toHaveLength(29);
    expect(count('valid')).toBe(10);
    expect(count('none')).toBe(9);
    expect(count('invalid bad_signature')).toBe(3);
    expect(
      ['expired', 'created_in_future', 'unknown_key', 'no_web_bot_auth_tag'].map((r) =>
        count(`invalid ${r}`),
      ),
    ).toEqual([1, 1, 1, 1]);
    expect(count('unchecked directory_unavailable')).toBe(2);
    expect(count('unchecked unknown_signature_agent')).toBe(1);
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('twofold_edge_agent_signatures_total{result="valid",reason=""} 10');
    expect(metrics).toContain(
      'twofold_edge_agent_signatures_total{result="invalid",reason="bad_signature"} 3',
    );
    expect(metrics).toContain(
      'twofold_edge_agent_signatures_total{result="unchecked",reason="directory_unavailable"} 2',
    );
    const text = JSON.stringify(events);
    expect(text).not.toContain('sig1=');
    expect(text).not.toContain(chatgpt.keyid);
  });

  it('verifies every valid signed fetch, refuses every forged one, and leaves spoofed user agents unverified', async () => {
    const { rows } = await t.database.pool.query(`
      SELECT agent_id, operator, verified_by, signature_forged, count(*)::int AS n
      FROM agent_fetches GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`);
    expect(rows).toEqual([
      {
        agent_id: 'bot.private.example',
        operator: 'bot.private.example',
        verified_by: 'web_bot_auth',
        signature_forged: false,
        n: 2,
      },
      {
        agent_id: 'chatgpt-agent',
        operator: 'openai',
        verified_by: 'web_bot_auth',
        signature_forged: false,
        n: 6,
      },
      {
        agent_id: 'chatgpt-user',
        operator: 'openai',
        verified_by: 'web_bot_auth',
        signature_forged: false,
        n: 2,
      },
      { agent_id: 'claudebot', operator: 'anthropic', verified_by: null, signature_forged: false, n: 2 },
      { agent_id: 'gptbot', operator: 'openai', verified_by: 'ip_range', signature_forged: false, n: 4 },
      { agent_id: 'gptbot', operator: 'openai', verified_by: null, signature_forged: false, n: 6 },
      { agent_id: 'gptbot', operator: 'openai', verified_by: null, signature_forged: true, n: 1 },
      { agent_id: 'unknown', operator: 'unknown', verified_by: null, signature_forged: true, n: 6 },
    ]);
  });

  it('reports the verified share by method and the forged signatures exactly, from the rollups and the raw fetches', async () => {
    const q = query();
    const expected = {
      fetches: 29,
      verified_share: 48.3,
      verified_by: { ip_range: 13.8, reverse_dns: 0, web_bot_auth: 34.5 },
      forged_signatures: 7,
    };
    expect(await agentOverview(t.database.pool, q)).toMatchObject(expected);
    expect(await agentOverview(t.database.pool, q, {}, 'raw')).toMatchObject(expected);
    expect(await agentOverview(t.database.pool, q, {}, 'rollup')).toEqual(
      await agentOverview(t.database.pool, q, {}, 'raw'),
    );
  });

  it('filters and breaks down by verified_by alike on both read paths', async () => {
    const byMethod = [
      { value: null, fetches: 15, bytes: 15 * 2048, share: 51.7 },
      { value: 'web_bot_auth', fetches: 10, bytes: 10 * 2048, share: 34.5 },
      { value: 'ip_range', fetches: 4, bytes: 4 * 2048, share: 13.8 },
    ];
    const p = { dimension: 'verified_by', limit: 10, page: 1 };
    expect(await rankFetches(t.database.pool, query(), p, 'rollup')).toEqual(byMethod);
    expect(await rankFetches(t.database.pool, query(), p, 'raw')).toEqual(byMethod);
    const signed = query([{ dimension: 'verified_by', op: 'is', value: 'web_bot_auth' }]);
    for (const source of ['rollup', 'raw'] as const) {
      expect(await agentTotals(t.database.pool, site, signed, signed.filters, source)).toMatchObject({
        fetches: 10,
        agents: 3,
        verified: 10,
        forged: 0,
      });
      expect(
        await rankFetches(t.database.pool, signed, { dimension: 'agent_id', limit: 10, page: 1 }, source),
      ).toEqual([
        { value: 'chatgpt-agent', fetches: 6, bytes: 6 * 2048, share: 60 },
        { value: 'bot.private.example', fetches: 2, bytes: 2 * 2048, share: 20 },
        { value: 'chatgpt-user', fetches: 2, bytes: 2 * 2048, share: 20 },
      ]);
    }
    const unverified = query([{ dimension: 'verified_by', op: 'is_not', value: 'web_bot_auth' }]);
    for (const source of ['rollup', 'raw'] as const)
      expect(await agentTotals(t.database.pool, site, unverified, unverified.filters, source)).toMatchObject({
        fetches: 19,
        verified: 4,
        forged: 7,
      });
  });

  it('answers the same over HTTP: /api/agents/breakdown by verified_by, /api/agents/overview filtered by it', async () => {
    const window = `site=${site}&start=${new Date(START).toISOString()}&end=${new Date(START + 2 * HOUR).toISOString()}`;
    const get = async (path: string) => {
      const res = await t.app.inject({ url: `${path}&${window}`, headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect(await get('/api/agents/breakdown?dimension=verified_by')).toEqual([
      { value: null, fetches: 15, bytes: 15 * 2048, share: 51.7 },
      { value: 'web_bot_auth', fetches: 10, bytes: 10 * 2048, share: 34.5 },
      { value: 'ip_range', fetches: 4, bytes: 4 * 2048, share: 13.8 },
    ]);
    const filters = encodeURIComponent(
      JSON.stringify([{ dimension: 'verified_by', op: 'is', value: 'web_bot_auth' }]),
    );
    expect(await get(`/api/agents/overview?filters=${filters}`)).toMatchObject({
      fetches: 10,
      agents: 3,
      verified_share: 100,
      verified_by: { ip_range: 0, reverse_dns: 0, web_bot_auth: 100 },
      forged_signatures: 0,
    });
  });

  it.each([
    ['signature', 4097],
    ['signature_input', 4097],
    ['signature_agent', 1025],
  ])('refuses a row whose %s is longer than its bound with 400 naming it', async (k, length) => {
    const body = JSON.stringify({
      site_id: site,
      agent_events: [{ ...plainRow(GPTBOT, CLOUD), [k]: 'x'.repeat(length) }],
    });
    const res = await postEdge(t.app, body, sign(body, ingestKey));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field: `agent_events[0].${k}` });
  });
});
