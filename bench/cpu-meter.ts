// CPU time per request of each process a load run involves, read from /proc: on a shared 2-core
// machine req/s swings with whatever else runs, while the CPU a request costs each process moves
// far less, so both are reported.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** utime + stime of one process in µs (Linux clock ticks are 1/100 s), or 0 once it is gone. */
function cpuMicros(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}

/**
 * Nanoseconds on a CPU of a thread or process (`/proc/<id>/schedstat`'s first field), precise
 * enough to time one statement's backend; null where /proc has none.
 */
export function cpuNanoseconds(id: number | 'thread-self'): number | null {
  try {
    return Number(readFileSync(`/proc/${id}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

/** A process and its children (cluster workers), as /proc lists them. */
function withChildren(pid: number): number[] {
  try {
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return [pid, ...kids.flatMap((k) => withChildren(Number(k)))];
  } catch {
    return [pid];
  }
}

function natsServerPids(): number[] {
  try {
    return execFileSync('pgrep', ['-x', 'nats-server']).toString().trim().split('\n').map(Number);
  } catch {
    return [];
  }
}

async function backendPids(db: pg.Pool): Promise<number[]> {
  const { rows } = await db.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return rows.map((r) => r.pid);
}

type Sample = Map<number, number>;
const sample = (pids: number[]): Sample => new Map(pids.map((p) => [p, cpuMicros(p)]));
/** CPU spent since `before` by the processes alive now (those started meanwhile count whole). */
const spent = (before: Sample, pids: number[]) =>
  pids.reduce((sum, p) => sum + cpuMicros(p) - (before.get(p) ?? 0), 0);

export interface CpuPerRequest {
  /** The server under test (with its cluster workers). */
  server: number;
  /** Postgres backends serving the bench database. */
  postgres: number;
  /** Every nats-server process on the machine (the bench's own traffic dominates it). */
  nats: number;
}

/**
 * Starts counting; `stop(requests)` answers the µs of CPU per request of each process. Backends
 * are read every 250 ms too: a pool closes a connection idle for 10 s, and a backend gone by the
 * end would otherwise take its CPU with it.
 */
export async function startCpuMeter(serverPid: number, db: pg.Pool) {
  const server = sample(withChildren(serverPid));
  const postgres = sample(await backendPids(db));
  const nats = sample(natsServerPids());
  const latest = new Map(postgres);
  const track = (pids: number[]) => {
    for (const p of pids) {
      const us = cpuMicros(p);
      if (us > 0) latest.set(p, us);
    }
  };
  const timer = setInterval(() => void backendPids(db).then(track, () => {}), 250);
  timer.unref();
  return {
    async stop(requests: number): Promise<CpuPerRequest> {
      clearInterval(timer);
      track(await backendPids(db));
      const per = (us: number) => (requests > 0 ? us / requests : 0);
      let backends = 0;
      for (const [p, us] of latest) backends += us - (postgres.get(p) ?? 0);
      return {
        server: per(spent(server, withChildren(serverPid))),
        postgres: per(backends),
        nats: per(spent(nats, natsServerPids())),
      };
    },
  };
}

/** `api 120 · postgres 18 · nats 12` (µs per request). */
export const cpuCell = (c: CpuPerRequest) =>
  `${c.server.toFixed(0)} · ${c.postgres.toFixed(0)} · ${c.nats.toFixed(0)}`;
