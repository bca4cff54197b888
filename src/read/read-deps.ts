import type pg from 'pg';
import type { Db } from '../db/sql.js';
import type { ReadSlots } from './budget/read-slots.js';

/**
 * What reads are given (envelope reads, exports, the tool endpoint), and nothing else of the app's
 * dependencies. Only the read itself runs on the read pool; finding the credential, the site and a
 * saved segment stays on the management pool, so they are never queued behind slow reads.
 */
export interface ReadDeps {
  /** The management pool: credentials, site access, saved segments. */
  db: Db;
  /** The reads' own pool, each statement cut off at READ_TIMEOUT_MS (src/read/budget/). */
  readDb: pg.Pool;
  /** Reads in flight per API key or account, at most READ_CONCURRENCY each. */
  readSlots: ReadSlots;
  /** READ_TIMEOUT_MS: how long an export's transaction may stay idle between two pages. */
  readTimeoutMs: number;
}

/** The pools a read request uses once its slot is held: `db` to check it, `readDb` to read. */
export type ReadPools = Pick<ReadDeps, 'db' | 'readDb'>;
