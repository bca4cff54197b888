import { setTimeout as delay } from 'node:timers/promises';
import fc from 'fast-check';
import { type WireResponse, sendRaw, type wireClient } from '../support/http-wire.js';
import type { ServerProcess } from '../support/server-process.js';
import type { FuzzCase, Step } from './case.js';
import { ordinaryHit } from './hits.js';
import { judge } from './oracle.js';
import type { World } from './world.js';

const increment = <K>(m: Map<K, number>, k: K, by = 1) => m.set(k, (m.get(k) ?? 0) + by);

/** A case as fast-check prints a counterexample: what was sent, not megabytes of it. */
export function describeCase(c: FuzzCase): string {
  const steps = c.steps.map((s) => {
    if (s.raw) return `raw ${JSON.stringify(s.raw.toString('latin1').slice(0, 300))}`;
    const r = s.request!;
    const body = r.body
      ? ` body(${r.body.length} B) ${JSON.stringify(r.body.toString('latin1').slice(0, 300))}`
      : '';
    return `${r.method} ${r.path.slice(0, 300)}${r.path.length > 300 ? `… (${r.path.length} chars)` : ''} headers ${JSON.stringify(r.headers).slice(0, 300)}${body}`;
  });
  return `${c.endpoint}: ${steps.join(' THEN ')}`;
}

/**
 * Runs cases against the server with ordinary hits beside each one, and keeps what the end of a
 * run checks: the markers that must (and must never) be in the stream, and the counts it prints.
 */
export class Campaign {
  readonly cases = new Map<string, number>();
  /** The longest a case of each endpoint took, in ms. */
  readonly slowest = new Map<string, number>();
  readonly statuses = new Map<number, number>();
  readonly ordinaryMarkers: string[] = [];
  /** Markers of requests refused as a whole (and of hits that must be dropped). */
  /** Each with why: the request and its answer, so a failure names the case that stored it. */
  readonly neverStored = new Map<string, string>();
  readonly allOrNone: (readonly string[])[] = [];
  /** The reads the read budget cancelled (allowed, but each is a read a request made slow). */
  readonly readTimeouts: string[] = [];
  private n = 0;

  constructor(
    private readonly client: ReturnType<typeof wireClient>,
    private readonly server: ServerProcess,
    private readonly world: World,
    private readonly timeoutMs: number,
  ) {}

  readonly run = async (c: FuzzCase): Promise<void> => {
    this.n += 1;
    increment(this.cases, c.endpoint);
    const ordinary = Array.from({ length: this.n % 3 === 0 ? 2 : 1 }, () => ordinaryHit(this.world));
    for (const o of ordinary) this.ordinaryMarkers.push(...o.markers);
    const started = Date.now();
    const [own, beside] = await Promise.all([
      this.steps(c.steps),
      Promise.all(
        ordinary.map(async (o) => {
          const res = await this.client.send(o.request).catch((err: Error) => err);
          if (res instanceof Error) return `an ordinary hit beside it failed: ${res.message}`;
          if (res.status !== o.status)
            return `an ordinary hit beside it answered ${res.status}, not ${o.status}: ${res.body.toString().slice(0, 200)}`;
          return undefined;
        }),
      ),
    ]);
    this.slowest.set(c.endpoint, Math.max(this.slowest.get(c.endpoint) ?? 0, Date.now() - started));
    const problems = [...own, ...beside.filter((p) => p !== undefined)];
    if (problems.length === 0) return;
    // A connection cut short is often the process dying: give its exit a moment to be seen.
    if (problems.some((p) => p.includes('socket hang up') || p.includes('ECONN'))) await delay(1_000);
    throw new Error(`${problems.join('\n')}${this.serverState()}`);
  };

  private async steps(steps: readonly Step[]): Promise<string[]> {
    for (const s of steps) {
      const problems = await this.step(s).catch((err: Error) => [`no answer: ${err.message}`]);
      if (problems.length > 0) return problems;
    }
    return [];
  }

  private async step(s: Step): Promise<string[]> {
    if (s.raw) {
      const status = await sendRaw(this.server.url, s.raw, this.timeoutMs);
      increment(this.statuses, status);
      return status >= 500 ? [`raw request answered ${status}`] : [];
    }
    const res: WireResponse = await this.client.send(s.request!);
    increment(this.statuses, res.status);
    const why = `${s.request!.method} ${s.request!.path.slice(0, 100)} answered ${res.status}`;
    if (res.status >= 300 && s.kind !== 'other') for (const m of s.markers) this.neverStored.set(m, why);
    for (const m of s.expect?.neverStored ?? []) this.neverStored.set(m, `${why}, and must be dropped`);
    if (s.expect?.allOrNone) this.allOrNone.push(s.expect.allOrNone);
    const v = judge(s, res);
    if (v.readTimeout) this.readTimeouts.push(`${s.request!.method} ${s.request!.path.slice(0, 300)}`);
    return v.problems;
  }

  private serverState(): string {
    const exit = this.server.exit();
    if (exit === undefined) return '';
    return `\nthe server process exited (${exit.code ?? exit.signal}); its last lines:\n${this.server.tail().slice(-15).join('\n')}`;
  }

  /** The counts `npm run fuzz` prints. */
  summary(stored: number): string {
    const byCount = <K>(m: Map<K, number>) =>
      [...m].sort((x, y) => y[1] - x[1]).map(([k, v]) => `  ${String(k).padEnd(60)} ${v}`);
    const endpoints = [...this.cases]
      .sort((x, y) => y[1] - x[1])
      .map(
        ([k, v]) =>
          `  ${k.padEnd(60)} ${String(v).padStart(6)} ${String(this.slowest.get(k) ?? 0).padStart(7)}`,
      );
    return [
      `fuzz: ${this.n} cases`,
      `cases per endpoint (${'endpoint'.padEnd(49)} cases slowest ms):`,
      ...endpoints,
      'statuses seen (0: the connection was closed without an answer):',
      ...byCount(this.statuses),
      `reads cancelled by the read budget (503 database_error): ${this.readTimeouts.length}`,
      ...this.readTimeouts.slice(0, 10).map((r) => `  ${r}`),
      `ordinary hits sent: ${this.ordinaryMarkers.length}, stored: ${stored}`,
    ].join('\n');
  }
}

/** Lets fast-check print a case by describeCase. */
export const printable = (c: FuzzCase): FuzzCase =>
  Object.assign(c, { [fc.toStringMethod]: () => describeCase(c) });
