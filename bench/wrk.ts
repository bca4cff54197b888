// A load run by wrk (Debian's `wrk`), the C load generator: on two cores, autocannon (Node) takes
// about one of them to drive a bare Fastify route, so it limits the baseline while the servers
// under test share what is left; wrk drives the same load for a small share of a core.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const WRK = '/usr/bin/wrk';

/** What a benchmark table row needs of a load run, from autocannon or wrk alike. */
export interface LoadResult {
  requests: { average: number; total: number };
  /** Milliseconds. */
  latency: { p50: number; p99: number };
  non2xx: number;
  /** The load generator's own CPU per request, µs (wrk only: it runs as a child process). */
  generatorCpu?: number;
}

export const wrkInstalled = () => existsSync(WRK);

export interface WrkLoad {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  connections: number;
  seconds: number;
  /** Each request's `X-Forwarded-For`, taken in turn (the harness trusts the loopback proxy). */
  addresses: readonly string[];
  /**
   * Milliseconds each connection waits after an answer before its next request (wrk's `delay`),
   * which paces the load below the server's peak; a fraction is dithered over requests.
   */
  pauseMs?: number;
}

const lua = (s: string) => JSON.stringify(s); // a JSON string literal is a valid Lua string literal here

/**
 * The script: one request formatted once, each request then the same bytes with the next address
 * spliced in. done() prints one JSON line.
 */
function script(load: WrkLoad): string {
  const headers = Object.entries(load.headers)
    .map(([k, v]) => `[${lua(k)}] = ${lua(v)}`)
    .join(', ');
  return `
local addresses = { ${load.addresses.map(lua).join(', ')} }
local n = #addresses
local i = 0
wrk.method = ${lua(load.method)}
wrk.body = ${lua(load.body)}
-- The request up to its last header is the same for all: formatted once per thread (in init, once
-- wrk has set the Host header), then each request adds its address (formatting every request in
-- Lua costs the generator more than the bare route costs its server).
local before, after
init = function(args)
  local head = wrk.format(nil, nil, { ${headers}, Host = wrk.headers["Host"], ["X-Forwarded-For"] = "\\0" })
  before, after = head:match("^(.-)X%-Forwarded%-For: %z\\r\\n(.*)$")
end
${
  load.pauseMs === undefined
    ? ''
    : `-- wrk waits whole milliseconds: the fraction is dithered, so the mean pause is the one asked for.
delay = function()
  return math.floor(${load.pauseMs} + math.random())
end
`
}request = function()
  i = i + 1
  return before .. "X-Forwarded-For: " .. addresses[(i % n) + 1] .. "\\r\\n" .. after
end
done = function(summary, latency, requests)
  local non2xx = summary.errors.status
  io.write(string.format('{"total":%d,"us":%d,"p50":%d,"p99":%d,"non2xx":%d,"socket":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), non2xx,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
`;
}

/**
 * CPU time of the children this process has waited for, µs (cutime + cstime of /proc/self/stat,
 * in 1/100 s ticks): wrk's, once it has exited.
 */
function childrenCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10_000;
}

/**
 * Runs wrk (one thread: it needs far less than a core) and reads its summary. An answer counts
 * however late it comes (`--timeout` past the run's end): at 1,024 connections on one machine of
 * this kind even the bare route left a few connections unanswered for up to 5 s while serving the
 * rest at 17 ms (p50), and wrk's default of 2 s counted those as socket errors, which stop the run.
 * Connections that cannot connect, read or write still do.
 */
export async function runWrk(load: WrkLoad): Promise<LoadResult> {
  const dir = await mkdtemp(join(tmpdir(), 'twofold-wrk-'));
  try {
    const file = join(dir, 'load.lua');
    await writeFile(file, script(load));
    const before = childrenCpu();
    const { stdout, stderr } = await promisify(execFile)(
      WRK,
      [
        '-t1',
        `-c${load.connections}`,
        `-d${load.seconds}s`,
        `--timeout=${load.seconds + 5}s`,
        '-s',
        file,
        load.url,
      ],
      { maxBuffer: 1 << 20 },
    );
    const spent = childrenCpu() - before;
    const line = stdout.split('\n').find((l) => l.startsWith('{"total"'));
    if (!line) throw new Error(`wrk printed no summary:\n${stdout}\n${stderr}`);
    const s = JSON.parse(line) as {
      total: number;
      us: number;
      p50: number;
      p99: number;
      non2xx: number;
      socket: number;
    };
    if (s.socket > 0)
      throw new Error(
        `wrk saw ${s.socket} socket errors (${load.connections} connections to ${load.url}): ${line}`,
      );
    return {
      requests: { average: s.total / (s.us / 1e6), total: s.total },
      latency: { p50: s.p50 / 1000, p99: s.p99 / 1000 },
      non2xx: s.non2xx,
      generatorCpu: s.total > 0 ? spent / s.total : 0,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * wrk at about `rate` requests per second, for the latency of a server below its peak: each
 * connection pauses between its answer and its next request. A 3 s calibration run measures what a
 * request takes besides the pause, and the measured run's pause leaves room for it. The rate it
 * reached is in the result (requests.average): close to `rate`, not equal.
 */
export async function runWrkAtRate(load: Omit<WrkLoad, 'pauseMs'>, rate: number): Promise<LoadResult> {
  const cycleMs = (load.connections * 1000) / rate;
  const probe = await runWrk({ ...load, seconds: 3, pauseMs: cycleMs });
  const besidesPause = Math.max(0, (load.connections * 1000) / probe.requests.average - cycleMs);
  return runWrk({ ...load, pauseMs: Math.max(0, cycleMs - besidesPause) });
}
