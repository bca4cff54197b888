import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStdioBridge } from '../../src/mcp/stdio-bridge.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';

let t: TestApp;
let url: string;
let key: string;
let site: number;

beforeAll(async () => {
  t = await buildTestApp();
  const { cookie } = await signUp(t.app);
  site = (await createSite(t.app, cookie, { domain: 'bridge.example', timezone: 'Europe/Berlin' })).id;
  key = (await createKey(t.app, cookie, site)).key;
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

const line = (o: unknown) => `${JSON.stringify(o)}\n`;
const LIST_SITES = {
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: 'list_sites', arguments: {} },
};

/** The bridge's stdout lines and stderr lines for the given stdin. */
async function bridge(input: string, opts: { url?: string; key?: string } = {}) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const log: string[] = [];
  let out = '';
  stdout.on('data', (c) => (out += c));
  const done = runStdioBridge({
    url: opts.url ?? url,
    key: opts.key ?? key,
    input: stdin,
    output: stdout,
    log: (l) => log.push(l),
  });
  stdin.end(input);
  await done;
  return {
    lines: out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)),
    log,
  };
}

describe('twofold mcp: the stdio bridge', () => {
  it('answers each request line with one line, in order, and a notification with none', async () => {
    const { lines } = await bridge(
      line({ jsonrpc: '2.0', id: 1, method: 'ping' }) +
        line({ jsonrpc: '2.0', method: 'notifications/initialized' }) +
        '\n' +
        line(LIST_SITES) +
        line([
          { jsonrpc: '2.0', id: 'a', method: 'ping' },
          { jsonrpc: '2.0', id: 'b', method: 'nope' },
        ]),
    );
    expect(lines).toHaveLength(3);
    expect(lines[0]).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(lines[1].result.structuredContent.data).toEqual([
      { id: site, domain: 'bridge.example', timezone: 'Europe/Berlin' },
    ]);
    expect(lines[2].map((r: { id: string }) => r.id)).toEqual(['a', 'b']);
    expect(lines[2][1].error.code).toBe(-32601);
  });

  it("turns the service's HTTP 401 into a JSON-RPC error for each request, and logs it to stderr", async () => {
    const { lines, log } = await bridge(
      line({ jsonrpc: '2.0', id: 5, method: 'ping' }) +
        line([
          { jsonrpc: '2.0', id: 6, method: 'ping' },
          { jsonrpc: '2.0', method: 'notifications/initialized' },
        ]),
      { key: 'tf_revoked' },
    );
    expect(lines).toEqual([
      {
        jsonrpc: '2.0',
        id: 5,
        error: { code: -32000, message: 'invalid API key', data: { code: 'unauthorized' } },
      },
      [
        {
          jsonrpc: '2.0',
          id: 6,
          error: { code: -32000, message: 'invalid API key', data: { code: 'unauthorized' } },
        },
      ],
    ]);
    expect(log.some((l) => l.includes('HTTP 401'))).toBe(true);
  });

  it('answers with upstream_error when the service cannot be reached', async () => {
    const { lines } = await bridge(line({ jsonrpc: '2.0', id: 9, method: 'ping' }), {
      url: 'http://127.0.0.1:1',
    });
    expect(lines).toEqual([
      {
        jsonrpc: '2.0',
        id: 9,
        error: expect.objectContaining({ code: -32603, data: { code: 'upstream_error' } }),
      },
    ]);
  });

  it('runs as `twofold mcp` with TWOFOLD_URL and TWOFOLD_API_KEY, writing nothing but the protocol to stdout', async () => {
    const bin = fileURLToPath(new URL('../../src/bin.js', import.meta.url));
    const child = spawn(process.execPath, [bin, 'mcp'], {
      env: { ...process.env, TWOFOLD_URL: url, TWOFOLD_API_KEY: key },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.stdin.end(line({ jsonrpc: '2.0', id: 1, method: 'ping' }) + line(LIST_SITES));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(0);
    const lines = stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.id)).toEqual([1, 2]);
    expect(lines[1].result.content[0].text).toBe(
      `1 site readable with this key: bridge.example (site ${site}, Europe/Berlin)`,
    );
    expect(stderr).toContain('/api/mcp');
  }, 30_000);
});
