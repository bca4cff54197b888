import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createPool } from '../../../src/db/pool.js';
import { freePort } from '../../../src/embedded/ports.js';
import { waitFor } from './wait.js';

const run = promisify(execFile);

/**
 * Debian's PostgreSQL server binaries, of the newest version installed (the `postgresql` package
 * brings the release's default; scripts/system-packages.sh installs it).
 */
function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = (existsSync(root) ? readdirSync(root) : [])
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0)
    throw new Error(`no PostgreSQL server binaries in ${root}: install the postgresql package`);
  return join(root, versions[0]!, 'bin');
}

/** Postgres refuses to run as root: as root its commands run as the `postgres` OS user. */
const asRoot = process.getuid?.() === 0;

function command(tool: string, args: string[]): [string, string[]] {
  return asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(pgBin(), tool), ...args]]
    : [join(pgBin(), tool), args];
}

async function pg(tool: string, args: string[]): Promise<string> {
  const [cmd, argv] = command(tool, args);
  try {
    const { stdout } = await run(cmd, argv, { timeout: 120_000 });
    return stdout;
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`${tool} ${args.join(' ')} failed: ${e.stderr || e.message}`);
  }
}

/** One Postgres server in a data folder of its own on a loopback port. */
export interface PostgresServer {
  url: string;
  port: number;
  dataDir: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: connections are ended, the server is down until start(). */
  stop(): Promise<void>;
}

export interface PostgresPair {
  primary: PostgresServer;
  /** A hot standby streaming from the primary, read-only. */
  replica: PostgresServer;
  /** Resolves once the replica has replayed everything the primary has written so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

function server(dataDir: string, port: number, socketDir: string): PostgresServer {
  const opts = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1`;
  // pg_ctl leaves the server running on its own: a test run that ends without stop() must not.
  const orphan = () => {
    const [cmd, argv] = command('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
    spawnSync(cmd, argv, { stdio: 'ignore' });
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    async start() {
      await pg('pg_ctl', ['-D', dataDir, '-o', opts, '-l', join(dataDir, 'server.log'), '-w', 'start']);
      process.once('exit', orphan);
    },
    async stop() {
      process.off('exit', orphan);
      await pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => {});
    },
  };
}

/**
 * A primary made with initdb (trust on loopback, replication allowed) and a streaming replica
 * cloned from it with pg_basebackup -R, each in a folder under `dir` on a port of its own.
 */
export async function startPostgresPair(dir: string): Promise<PostgresPair> {
  const home = join(dir, 'postgres');
  await mkdir(home, { recursive: true });
  // The postgres user must reach its folders; the scratch dir from mkdtemp is mode 700.
  await chmod(dir, 0o755);
  if (asRoot) {
    const { uid, gid } = postgresIds();
    await chown(home, uid, gid);
  }
  const primaryDir = join(home, 'primary');
  const replicaDir = join(home, 'replica');
  await pg('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  await writeFile(
    join(home, 'extra.conf'),
    // Small and quick: a test machine's memory, and commits that do not wait for the disk.
    ['max_connections = 300', 'shared_buffers = 64MB', 'fsync = off', 'synchronous_commit = off', ''].join(
      '\n',
    ),
  );
  await run('sh', ['-c', `cat ${join(home, 'extra.conf')} >> ${join(primaryDir, 'postgresql.conf')}`]);
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primary = server(primaryDir, primaryPort, home);
  await primary.start();
  await pg('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
    '--no-sync',
  ]);
  const replica = server(replicaDir, replicaPort === primaryPort ? await freePort() : replicaPort, home);
  await replica.start();
  const p = createPool(primary.url, 1);
  const r = createPool(replica.url, 1);
  return {
    primary,
    replica,
    async caughtUp(timeoutMs = 30_000) {
      const { rows } = await p.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      const target = rows[0]!.lsn;
      await waitFor(
        'the replica replaying the primary',
        async () => {
          const { rows: ok } = await r.query<{ ok: boolean }>(
            'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok',
            [target],
          );
          return ok[0]?.ok ? true : undefined;
        },
        timeoutMs,
      );
    },
    async stop() {
      await p.end();
      await r.end();
      await replica.stop();
      await primary.stop();
    },
  };
}

/** The `postgres` OS user's ids, from /etc/passwd (name:x:uid:gid:…). */
function postgresIds(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('no "postgres" OS user: install the postgresql package');
  const f = line.split(':');
  return { uid: Number(f[2]), gid: Number(f[3]) };
}
