import { BROWSER } from './drill-cluster.js';
import { sleep } from './wait.js';

/** What the clients saw during a drill. */
export interface Tally {
  /** Distinct hits sent (each retried until answered 204 or the drill ended). */
  sent: number;
  /** Requests made, retries included. */
  attempts: number;
  /** The pathnames of the hits answered 204. */
  acknowledged: string[];
  /** Answers other than 204, by status (`network` when no answer came). */
  failures: Record<string, number>;
  /** When (ms since the epoch) each failed answer came. */
  failedAt: number[];
  /**
   * The pathnames of hits an attempt of which failed without saying the hit was not stored: no
   * answer (its process was killed holding it), or a 503 (the stream may have stored a message
   * whose acknowledgement was lost with its servers). Their retries may reach the stream as second
   * copies, which the hit's key keeps from being counted.
   */
  doubtful: string[];
}

export interface HitLanes {
  /** Stops sending (a hit being retried is left unacknowledged) and returns what the clients saw. */
  stop(): Promise<Tally>;
  /** Hits answered 204 so far. */
  acknowledged(): number;
}

export interface HitLanesOptions {
  /** The API URLs to spread over; asked again at every attempt, so a dead one drops out. */
  urls: () => string[];
  siteId: number;
  /** Every hit's path starts with this. */
  pathPrefix: string;
  lanes?: number;
  /** Pause between one lane's hits, so the drill's load leaves the machine room to recover. */
  paceMs?: number;
}

/** The hit key of a lane's hit `n` (docs/api.md#hits): `hit-drill3-12` for `/drill3/` and 12. */
export const hitKeyOf = (pathPrefix: string, n: number) =>
  `hit${pathPrefix.replace(/[^A-Za-z0-9]+/g, '-')}${n}`;

/**
 * Clients sending hits the whole time: each lane sends one hit after another, each to the next
 * API process in turn; a hit not answered 204 (503, or no answer from a killed process) is sent
 * again, to the next process, until it is. Every hit has a pathname and a hit key of its own, the
 * same on each of its attempts, as a client retrying sends it.
 */
export function startHitLanes(opts: HitLanesOptions): HitLanes {
  const tally: Tally = { sent: 0, attempts: 0, acknowledged: [], failures: {}, failedAt: [], doubtful: [] };
  let stopped = false;
  let next = 0;
  let turn = 0;
  const one = async (n: number, address: string): Promise<boolean> => {
    const urls = opts.urls();
    if (urls.length === 0) return false;
    const url = urls[turn++ % urls.length]!;
    tally.attempts++;
    let status: string;
    try {
      const res = await fetch(`${url}/api/track`, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain',
          'x-forwarded-for': address,
          'user-agent': BROWSER,
        },
        // Longer than ingest keeps a hit (the appender's three 5 s attempts): a hit given up by the
        // client while the server may still store it would come back as a duplicate.
        signal: AbortSignal.timeout(30_000),
        body: JSON.stringify({
          s: opts.siteId,
          t: 'pageview',
          u: `https://drill.example${opts.pathPrefix}${n}`,
          k: hitKeyOf(opts.pathPrefix, n),
        }),
      });
      await res.arrayBuffer();
      if (res.status === 204) return true;
      status = String(res.status);
      if (res.status === 503) tally.doubtful.push(`${opts.pathPrefix}${n}`);
    } catch {
      status = 'network';
      tally.doubtful.push(`${opts.pathPrefix}${n}`);
    }
    tally.failures[status] = (tally.failures[status] ?? 0) + 1;
    tally.failedAt.push(Date.now());
    return false;
  };
  const lanes = Array.from({ length: opts.lanes ?? 4 }, async (_, lane) => {
    while (!stopped) {
      const n = next++;
      tally.sent++;
      // An address per hit: the drill counts hits, not the per-address rate limit.
      const address = `2001:db8:${lane.toString(16)}::${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
      while (!stopped) {
        if (await one(n, address)) {
          tally.acknowledged.push(`${opts.pathPrefix}${n}`);
          break;
        }
        await sleep(100);
      }
      await sleep(opts.paceMs ?? 20);
    }
  });
  return {
    acknowledged: () => tally.acknowledged.length,
    async stop() {
      stopped = true;
      await Promise.all(lanes);
      return tally;
    },
  };
}
