import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IsolatedServer, startIsolatedServer } from '../support/isolated-server.js';
import type { ServerProcess } from '../support/server-process.js';
import type { StreamFollower } from '../support/stream-follower.js';

/*
 * The fault drill of docs/operations.md#request-bounds-and-process-safety: with API_PROCESSES=2 an
 * API worker is SIGKILLed while hits arrive. Another takes its place, hits go on being answered,
 * and every hit answered 204 is in the stream exactly once.
 */
const run = randomBytes(2).toString('hex');
let addressSeq = 0;
const address = () => `2001:db8:${run}::${(++addressSeq).toString(16)}`;

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let isolated: IsolatedServer;
let server: ServerProcess;
let follower: StreamFollower;
let siteId: number;

/** The API workers the cluster's first process `pid` forked. */
async function childrenOf(pid: number): Promise<number[]> {
  const out: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) !== pid) continue;
    // Not the esbuild service tsx starts beside each process.
    const command = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (command.includes('main.ts')) out.push(Number(entry));
  }
  return out.sort((a, b) => a - b);
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end)
      throw new Error(`${what} did not happen within ${timeoutMs} ms:\n${server.tail().join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address(), ...headers },
    body: JSON.stringify(body),
  });
}

/** One hit on its own connection; the status, or undefined when no answer came (a killed worker). */
async function hit(n: number): Promise<number | undefined> {
  try {
    const res = await fetch(`${server.url}/api/track`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        'x-forwarded-for': address(),
        // A person's browser: a bot's tracker hit is dropped (and answered 204 all the same).
        'user-agent': BROWSER,
        connection: 'close',
      },
      signal: AbortSignal.timeout(10_000),
      body: JSON.stringify({ s: siteId, t: 'pageview', u: `https://drill.example/drill/${n}` }),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return undefined;
  }
}

beforeAll(async () => {
  isolated = await startIsolatedServer('drill', {
    API_PROCESSES: '2',
    TRUST_PROXY: 'true',
    POLICY_FETCH_HOURS: '0',
  });
  ({ server, follower } = isolated);
  await until('two API workers', async () =>
    (await childrenOf(server.child.pid!)).length === 2 ? true : undefined,
  );
  const registered = await post('/api/auth/register', {
    email: `drill-${run}@example.test`,
    password: 'correct horse battery',
  });
  expect(registered.status).toBe(201);
  const cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
  const created = await post('/api/sites', { domain: 'drill.example' }, { cookie });
  expect(created.status).toBe(201);
  siteId = ((await created.json()) as { data: { id: number } }).data.id;
}, 120_000);

afterAll(async () => {
  await isolated?.close();
});

describe('an API worker killed while hits arrive', () => {
  it('is replaced, hits go on being answered, and every hit answered 204 is stored once', async () => {
    const primary = server.child.pid!;
    const before = await childrenOf(primary);
    const answers = new Map<number, number | undefined>();
    let next = 0;
    const send = async (count: number) => {
      const lanes = Array.from({ length: 4 }, async () => {
        while (next < count) {
          const n = next++;
          answers.set(n, await hit(n));
        }
      });
      await Promise.all(lanes);
    };

    await send(100);
    expect([...answers.values()]).toEqual(Array.from({ length: 100 }, () => 204));
    process.kill(before[0]!, 'SIGKILL');
    await send(300);
    const after = await until('a new API worker', async () => {
      const now = await childrenOf(primary);
      return now.length === 2 && !now.includes(before[0]!) ? now : undefined;
    });
    expect(after).toContain(before[1]);
    // Once the new worker listens, every hit is answered and stored again.
    await until('the new worker listening', async () =>
      server.tail().filter((l) => l.includes('twofold listening')).length >= 3 ? true : undefined,
    );
    await send(400);
    const last = [...answers].filter(([n]) => n >= 300).map(([, status]) => status);
    expect(last).toEqual(Array.from({ length: 100 }, () => 204));

    const acknowledged = [...answers].filter(([, s]) => s === 204).map(([n]) => `/drill/${n}`);
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);
    await follower.until(() => acknowledged.every((p) => follower.count(p) > 0), 30_000);
    for (const p of follower.pathnames('/drill/')) expect(follower.count(p), p).toBe(1);
    expect(server.tail().some((l) => l.includes('API worker died; starting another'))).toBe(true);
    expect(server.exit()).toBeUndefined();
  }, 180_000);
});
