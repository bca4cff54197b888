import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { authenticate, type Principal } from '../../auth/guards.js';
import type { Config } from '../../config.js';
import { createPool } from '../../db/pool.js';
import type { ReadDeps } from '../read-deps.js';
import { AppError } from '../../errors/app-error.js';

/** Seconds a client over its read budget is asked to wait: reads in flight mostly end within one. */
export const RETRY_AFTER_SECONDS = 1;

/**
 * The pool every read runs on, apart from management's and ingest's: each statement cut off at
 * READ_TIMEOUT_MS, a read that waits as long for a free connection refused, and no JIT.
 */
export function createReadPool(connectionString: string, config: Config): pg.Pool {
  return createPool(connectionString, config.READ_POOL_SIZE, {
    statementTimeoutMs: config.READ_TIMEOUT_MS,
    waitMs: config.READ_TIMEOUT_MS,
    // Compiling the plans Postgres thinks big took 0.5–3 s of statements that run in less (a
    // pair read's raw edges, a join of the window's sessions), and saved at most 4 % of a raw
    // scan of 30 days at 10 M events (docs/benchmarks.md#jit).
    withoutJit: true,
  });
}

function ownerOf(p: Principal): { owner: string; who: string } {
  if (p.kind === 'key') return { owner: `key:${p.keyId}`, who: 'API key' };
  if (p.kind === 'share') return { owner: `share:${p.shareId}`, who: 'shared link' };
  return { owner: `user:${p.userId}`, who: 'account' };
}

/**
 * The one door of every read (envelope reads, exports, the tool endpoint): the credential, then
 * `work` in one of the principal's READ_CONCURRENCY slots, or `429 rate_limited` when all are
 * taken. The slot is given back once `work` has settled and the response has closed (sent, failed,
 * or dropped by its client), so a client that goes away cannot leave its query running outside
 * the budget, and a streamed export holds its slot until its last row.
 */
export async function withReadSlot<T>(
  deps: Pick<ReadDeps, 'db' | 'readSlots'>,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { allowSession?: boolean; allowShare?: boolean },
  work: (principal: Principal) => Promise<T>,
): Promise<T> {
  const principal = await authenticate(deps.db, req, { ...opts, allowShare: opts.allowShare ?? false });
  const { owner, who } = ownerOf(principal);
  const give = deps.readSlots.take(owner);
  if (give === undefined)
    throw new AppError(
      'rate_limited',
      `more than ${deps.readSlots.limit} reads in flight for this ${who}; retry when one has finished`,
      { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } },
    );
  let pending = 2;
  const settle = () => {
    pending -= 1;
    if (pending === 0) give();
  };
  let open = true;
  const closed = () => {
    if (!open) return;
    open = false;
    settle();
  };
  if (reply.raw.destroyed) closed();
  else reply.raw.once('close', closed);
  try {
    return await work(principal);
  } finally {
    settle();
  }
}
