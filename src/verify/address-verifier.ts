import { randomUUID } from 'node:crypto';
import type { AddressVerified } from '../../streams/events.js';
import type { Logger } from '../log.js';
import type { CheckFailure, CheckOutcome } from './fcrdns.js';

/** One fetch asking for a check: its site, UTC day, address (and its digest), and whom its user agent names. */
export interface VerifyRequest {
  site: number;
  /** Epoch ms of the fetch: its UTC day is the day a confirmation vouches for. */
  ts: number;
  /** The keyed digest the fetch's event carries (hex). */
  digest: string;
  /** The raw address: held in memory only until its check answers. */
  address: string;
  operator: string;
  domains: readonly string[];
}

/** Why a request made no lookup: an answer already cached, a full queue, or a fetch too old or ahead. */
export type SkipReason = 'cached' | 'queue_full' | 'out_of_window';

export interface VerifierLimits {
  /** Checks waiting at most (one per address and operator); past it a request is dropped. */
  maxQueue: number;
  /** Checks running at once. */
  concurrency: number;
  /** Answers kept (positive and negative), the oldest forgotten first. */
  cacheSize: number;
  positiveTtlMs: number;
  negativeTtlMs: number;
  /** Fetches older than this are not checked: today's answer says little about who held the address then. */
  maxAgeMs: number;
  /** Sites and days one pending check may confirm at most (the same crawler on many sites). */
  maxTargets: number;
}

export const VERIFIER_LIMITS: VerifierLimits = {
  maxQueue: 1000,
  concurrency: 4,
  cacheSize: 10_000,
  positiveTtlMs: 24 * 3_600_000,
  negativeTtlMs: 3_600_000,
  maxAgeMs: 48 * 3_600_000,
  maxTargets: 64,
};

export interface VerifierDeps {
  confirm(address: string, domains: readonly string[]): Promise<CheckOutcome>;
  /** Appends a confirmation to the site's agent subject. */
  publish(event: AddressVerified): Promise<void>;
  /** Gives up the lookups in flight (they end as timeouts), so closing waits for no DNS. */
  cancel?(): void;
  onChecked?(result: 'confirmed' | CheckFailure): void;
  onSkipped?(reason: SkipReason): void;
  log: Logger;
  now?: () => number;
  limits?: Partial<VerifierLimits>;
}

interface Pending {
  address: string;
  digest: string;
  operator: string;
  domains: readonly string[];
  /** `site\0day` → site and day the answer confirms, if it does. */
  targets: Map<string, { site: number; day: string }>;
}

const DAY_MS = 86_400_000;
const DAY_AHEAD_MS = DAY_MS;

/** The UTC day (YYYY-MM-DD) of an epoch-ms time. */
export const utcDay = (ts: number) => new Date(Math.floor(ts / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

/**
 * Checks agents' addresses by forward-confirmed reverse DNS off the request path: `offer` only
 * files a request and returns. One check per (address digest, operator) is queued or running at a
 * time, whatever the number of fetches asking; answers are cached by the same key; a confirmation
 * is appended once per (site, digest, UTC day, operator) while it is remembered. The raw address
 * lives in the pending check only, and is dropped with it.
 */
export class AddressVerifier {
  private readonly limits: VerifierLimits;
  private readonly now: () => number;
  private readonly pending = new Map<string, Pending>();
  private readonly queue: string[] = [];
  private readonly running = new Set<Promise<void>>();
  /** Insertion-ordered, so the first key is the oldest: a bounded cache by deleting it. */
  private readonly cache = new Map<string, { outcome: CheckOutcome; until: number }>();
  private readonly emitted = new Set<string>();
  private closed = false;

  constructor(private readonly deps: VerifierDeps) {
    this.limits = { ...VERIFIER_LIMITS, ...deps.limits };
    this.now = deps.now ?? Date.now;
  }

  /** Files a check for a fetch; never waits for DNS. */
  offer(req: VerifyRequest): void {
    if (this.closed) return;
    const now = this.now();
    if (req.ts < now - this.limits.maxAgeMs || req.ts > now + DAY_AHEAD_MS) return this.skip('out_of_window');
    const key = `${req.digest}\u0000${req.operator}`;
    const target = { site: req.site, day: utcDay(req.ts) };
    const cached = this.cache.get(key);
    if (cached && cached.until > now) {
      if (cached.outcome.result === 'confirmed')
        this.emit(req.digest, req.operator, cached.outcome.domain, target);
      return this.skip('cached');
    }
    if (cached) this.cache.delete(key);
    const waiting = this.pending.get(key);
    if (waiting) {
      if (waiting.targets.size < this.limits.maxTargets)
        waiting.targets.set(`${target.site}\u0000${target.day}`, target);
      return;
    }
    if (this.queue.length >= this.limits.maxQueue) return this.skip('queue_full');
    this.pending.set(key, {
      address: req.address,
      digest: req.digest,
      operator: req.operator,
      domains: req.domains,
      targets: new Map([[`${target.site}\u0000${target.day}`, target]]),
    });
    this.queue.push(key);
    this.pump();
  }

  /** Checks waiting or running. */
  get size(): number {
    return this.pending.size;
  }

  /** Takes no more requests, forgets the waiting ones, cancels the running ones' lookups and waits for them. */
  async close(): Promise<void> {
    this.closed = true;
    for (const key of this.queue.splice(0)) this.pending.delete(key);
    this.deps.cancel?.();
    await Promise.allSettled([...this.running]);
  }

  private skip(reason: SkipReason): void {
    this.deps.onSkipped?.(reason);
  }

  private pump(): void {
    while (!this.closed && this.running.size < this.limits.concurrency && this.queue.length > 0) {
      const key = this.queue.shift()!;
      const run = this.check(key).finally(() => {
        this.running.delete(run);
        this.pump();
      });
      this.running.add(run);
    }
  }

  private async check(key: string): Promise<void> {
    const p = this.pending.get(key);
    if (!p) return;
    let outcome: CheckOutcome;
    try {
      outcome = await this.deps.confirm(p.address, p.domains);
    } catch {
      outcome = { result: 'error' };
    }
    this.pending.delete(key);
    this.remember(key, outcome);
    this.deps.onChecked?.(outcome.result);
    this.deps.log.debug({ operator: p.operator, result: outcome.result }, 'reverse DNS check');
    if (outcome.result !== 'confirmed' || this.closed) return;
    for (const target of p.targets.values()) this.emit(p.digest, p.operator, outcome.domain, target);
  }

  private remember(key: string, outcome: CheckOutcome): void {
    const ttl = outcome.result === 'confirmed' ? this.limits.positiveTtlMs : this.limits.negativeTtlMs;
    this.cache.delete(key);
    this.cache.set(key, { outcome, until: this.now() + ttl });
    while (this.cache.size > this.limits.cacheSize) this.cache.delete(this.cache.keys().next().value!);
  }

  private emit(digest: string, operator: string, domain: string, t: { site: number; day: string }): void {
    const key = `${t.site}\u0000${digest}\u0000${t.day}\u0000${operator}`;
    if (this.emitted.has(key)) return;
    this.emitted.add(key);
    // As bounded as the cache: forgetting one only risks a repeated event, which folds to nothing.
    if (this.emitted.size > this.limits.cacheSize) this.emitted.delete(this.emitted.values().next().value!);
    const event: AddressVerified = {
      type: 'AddressVerified',
      id: randomUUID(),
      site: t.site,
      ts: this.now(),
      day: t.day,
      address: digest,
      operator,
      domain,
    };
    this.deps.publish(event).catch((err: unknown) => {
      this.emitted.delete(key);
      this.deps.log.warn({ err, operator }, 'reverse DNS confirmation not appended');
    });
  }
}
