import pLimit from 'p-limit';
import { AppError } from '../errors/app-error.js';

/**
 * Argon2 runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which
 * file reads, dns.lookup, zlib and crypto share: at most 2 computations at once leaves them the
 * rest, however many logins, registrations and resets arrive.
 */
export const HASHES_RUNNING = 2;
/** About half a second of work at ~33 ms a hash; past it the caller is told to come back. */
export const HASHES_WAITING = 32;

const limit = pLimit(HASHES_RUNNING);

/**
 * Runs `work` (one argon2 hash or verification) when a slot is free. With the waiting line full it
 * is refused at once: `429 rate_limited`, Retry-After 1, rather than a wait no client would sit out.
 */
export function throughHashQueue<T>(work: () => Promise<T>): Promise<T> {
  if (limit.pendingCount >= HASHES_WAITING) {
    return Promise.reject(
      new AppError('rate_limited', 'too many sign-ins in progress; try again in a moment', {
        headers: { 'retry-after': '1' },
      }),
    );
  }
  return limit(work);
}
