import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jetstream, jetstreamManager, StorageType } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Backends, startBackends } from '../../src/embedded/backends.js';
import { isProcessRunning } from '../../src/embedded/pid-file.js';
import { readRuntime } from '../../src/embedded/runtime.js';
import { createLogger } from '../../src/log.js';

const log = createLogger('silent');
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/start-backends.ts', import.meta.url));
const dirs: string[] = [];

async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'twofold-embedded-'));
  dirs.push(dir);
  return dir;
}

/** Both URLs unset: the path a fresh machine takes. */
function startEmbedded(dataDir: string, natsSearchPath?: string): Promise<Backends> {
  return startBackends({ dataDir, log, natsSearchPath });
}

async function sql<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function withJetStream<T>(url: string, fn: (nc: Awaited<ReturnType<typeof connect>>) => Promise<T>) {
  const nc = await connect({ servers: url });
  try {
    return await fn(nc);
  } finally {
    await nc.close();
  }
}

async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** Runs the fixture in a child node process and resolves with its backends' URLs once it is up. */
function startInChild(dataDir: string): Promise<{ child: ChildProcess; urls: { databaseUrl: string } }> {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dataDir], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (c: Buffer) => {
      err += c.toString();
    });
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line !== undefined) resolve({ child, urls: JSON.parse(line) });
    });
    child.once('exit', (code) => reject(new Error(`fixture exited with ${code}: ${err}`)));
  });
}

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('startBackends with DATABASE_URL and NATS_URL unset', () => {
  const shared = freshDataDir();

  it('starts Postgres and JetStream-enabled NATS and records their URLs in runtime.json', async () => {
    const dataDir = await shared;
    const backends = await startEmbedded(dataDir);
    try {
      expect(backends.embedded).toEqual({ postgres: true, nats: true });
      expect(backends.databaseUrl).toMatch(/^postgres:\/\/twofold:[^@]+@127\.0\.0\.1:\d+\/twofold$/);
      expect(backends.natsUrl).toMatch(/^nats:\/\/127\.0\.0\.1:\d+$/);

      expect(await sql(backends.databaseUrl, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      await sql(backends.databaseUrl, 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)');

      const info = await withJetStream(backends.natsUrl, async (nc) => {
        const jsm = await jetstreamManager(nc);
        await jsm.streams.add({ name: 'KEPT', subjects: ['kept.>'], storage: StorageType.File });
        const ack = await jetstream(nc).publish('kept.one', 'hello');
        expect(ack.seq).toBe(1);
        return jsm.streams.info('KEPT');
      });
      expect(info.state.messages).toBe(1);

      expect(await readRuntime(dataDir)).toEqual({
        databaseUrl: backends.databaseUrl,
        natsUrl: backends.natsUrl,
        pid: process.pid,
        startedAt: expect.any(String),
      });
    } finally {
      await backends.stop();
    }
  });

  it('keeps the table, the stream and its message, and the ports across a stop and a start', async () => {
    const dataDir = await shared;
    const before = await readRuntime(dataDir);
    const backends = await startEmbedded(dataDir);
    try {
      expect(backends.databaseUrl).toBe(before?.databaseUrl);
      expect(backends.natsUrl).toBe(before?.natsUrl);
      expect(await sql(backends.databaseUrl, 'SELECT n FROM kept')).toEqual([{ n: 42 }]);
      await withJetStream(backends.natsUrl, async (nc) => {
        const jsm = await jetstreamManager(nc);
        expect((await jsm.streams.info('KEPT')).state.messages).toBe(1);
        expect((await jsm.streams.getMessage('KEPT', { seq: 1 }))?.string()).toBe('hello');
      });
    } finally {
      await backends.stop();
      await backends.stop();
    }
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });

  it('starts after a SIGKILLed process left its Postgres and nats-server running', async () => {
    const dataDir = await freshDataDir();
    const { child, urls } = await startInChild(dataDir);
    await sql(urls.databaseUrl, 'CREATE TABLE survivor (n int)');
    const orphan = await postmasterPid(dataDir);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(await isProcessRunning(orphan)).toBe(true);

    const backends = await startEmbedded(dataDir);
    try {
      expect(await isProcessRunning(orphan)).toBe(false);
      expect(await sql(backends.databaseUrl, 'SELECT count(*)::int AS n FROM survivor')).toEqual([{ n: 0 }]);
      await withJetStream(backends.natsUrl, async (nc) => {
        await (await jetstreamManager(nc)).getAccountInfo();
      });
    } finally {
      await backends.stop();
    }
  });

  it('fails with a one-line install hint, leaving no Postgres behind, when nats-server is missing', async () => {
    const dataDir = await freshDataDir();
    const emptyPath = await freshDataDir();
    const failure = await startEmbedded(dataDir, emptyPath).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(
      'nats-server not found: install it with "apt-get install -y nats-server" (Debian/Ubuntu) or set NATS_URL',
    );
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});

describe('startBackends with both URLs given', () => {
  it('uses them as they are, starts nothing and writes no runtime.json', async () => {
    const dataDir = await freshDataDir();
    const backends = await startBackends({
      databaseUrl: 'postgres://u:p@db.example:5432/twofold',
      natsUrl: 'nats://nats.example:4222',
      dataDir,
      log,
    });
    expect(backends).toMatchObject({
      databaseUrl: 'postgres://u:p@db.example:5432/twofold',
      natsUrl: 'nats://nats.example:4222',
      embedded: { postgres: false, nats: false },
    });
    await backends.stop();
    expect(await readRuntime(dataDir)).toBeNull();
  });
});
