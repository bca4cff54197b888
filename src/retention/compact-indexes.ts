import type pg from 'pg';
import { raw, sql } from '../db/sql.js';
import type { Logger } from '../log.js';
import { runEvery } from '../jobs/run-every.js';

/**
 * Many of the projections' B-tree indexes are not keyed in time order (a page and then its time, a
 * dimension and then its day, a value): each fold inserts in the middle of them, and a full leaf
 * splits in half. Leaves of past days get no later keys, so their free halves are never used again,
 * and such an index settles at about twice the size of the same index built afresh. Rebuilding it
 * (`REINDEX CONCURRENTLY`: reads and folds go on meanwhile) gives the space back; the job does that
 * for an index once its bytes a row have grown by GROWTH since its last rebuild.
 */
export interface CompactOptions {
  /** Indexes smaller than this are left alone: what they would give back is not worth a rebuild. */
  minBytes?: number;
  /** Rebuild when bytes a row reach this multiple of the bytes a row right after the last rebuild. */
  growth?: number;
  /** Indexes rebuilt at most a run, largest gain first, so one run stays short. */
  maxPerRun?: number;
}

export interface Compaction {
  index: string;
  bytesBefore: number;
  bytesAfter: number;
}

const DEFAULTS: Required<CompactOptions> = { minBytes: 32 * 1024 * 1024, growth: 1.25, maxPerRun: 4 };

/** One job across every process: the others skip the run while one holds it. */
const LOCK = "hashtext('twofold.compact-indexes')";

interface Candidate {
  name: string;
  relname: string;
  bytes: string;
  reltuples: number;
  baseline: number | null;
}

/**
 * Rebuilds the indexes of the current schema that grew past their last rebuild's density (every
 * large one the first time, which records its density); returns what each rebuild gave back.
 */
export async function compactIndexes(pool: pg.Pool, options: CompactOptions = {}): Promise<Compaction[]> {
  const o = { ...DEFAULTS, ...options };
  const client = await pool.connect();
  try {
    const { rows: lock } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${LOCK}) AS ok`);
    if (!lock[0]?.ok) return [];
    try {
      await dropInterruptedRebuilds(client);
      const { rows } = await client.query<Candidate>(sql`
        SELECT c.oid::regclass::text AS name, c.relname, pg_relation_size(c.oid) AS bytes, c.reltuples,
               k.bytes_per_row AS baseline
        FROM pg_index i
        JOIN pg_class c ON c.oid = i.indexrelid
        JOIN pg_am a ON a.oid = c.relam
        LEFT JOIN index_compactions k ON k.index_name = c.relname
        WHERE a.amname = 'btree' AND i.indisvalid AND i.indisready
          AND c.relnamespace = current_schema()::regnamespace
          AND pg_relation_size(c.oid) >= ${o.minBytes} AND c.reltuples > 0`);
      const due = rows
        .map((r) => ({ ...r, perRow: Number(r.bytes) / r.reltuples }))
        .filter((r) => r.baseline === null || r.perRow >= o.growth * r.baseline)
        .sort((a, b) => gain(b) - gain(a))
        .slice(0, o.maxPerRun);
      const done: Compaction[] = [];
      for (const r of due) {
        // The name comes from the catalog (`regclass` quotes it), never from a request.
        await client.query(`REINDEX INDEX CONCURRENTLY ${r.name}`);
        const { rows: after } = await client.query<{ bytes: string; reltuples: number }>(
          sql`SELECT pg_relation_size(oid) AS bytes, reltuples FROM pg_class WHERE oid = ${r.name}::regclass`,
        );
        const bytesAfter = Number(after[0]!.bytes);
        await client.query(sql`
          INSERT INTO index_compactions (index_name, rebuilt_at, bytes_per_row)
          VALUES (${r.relname}, now(), ${bytesAfter / Math.max(after[0]!.reltuples, 1)})
          ON CONFLICT (index_name) DO UPDATE SET rebuilt_at = excluded.rebuilt_at, bytes_per_row = excluded.bytes_per_row`);
        done.push({ index: r.name, bytesBefore: Number(r.bytes), bytesAfter });
      }
      return done;
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${LOCK})`);
    }
  } finally {
    client.release();
  }
}

/** Bytes a rebuild is expected to give back: all above the last density, or a third when unknown. */
function gain(r: { bytes: string; reltuples: number; baseline: number | null; perRow: number }): number {
  const bytes = Number(r.bytes);
  return r.baseline === null ? bytes / 3 : bytes - r.baseline * r.reltuples;
}

/**
 * A `REINDEX CONCURRENTLY` cut short (the process stopped, the statement was cancelled) leaves an
 * invalid copy named `<index>_ccnew` that every insert still maintains: drop such copies first.
 */
async function dropInterruptedRebuilds(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ name: string }>(sql`
    SELECT c.oid::regclass::text AS name
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE NOT i.indisvalid AND c.relnamespace = current_schema()::regnamespace AND c.relname ~ '_ccnew[0-9]*$'`);
  for (const { name } of rows) await client.query(sql`DROP INDEX CONCURRENTLY ${raw(name)}`);
}

const HOUR_MS = 3_600_000;

/** Runs compactIndexes ten minutes after start, then every `hours` hours. */
export function scheduleIndexCompaction(pool: pg.Pool, log: Logger, hours: number): { stop(): void } {
  return runEvery(
    () =>
      compactIndexes(pool)
        .then((rebuilt) => {
          if (rebuilt.length > 0) log.info({ rebuilt }, 'indexes rebuilt compact');
        })
        .catch((err) => log.warn({ err }, 'index compaction failed')),
    10 * 60_000,
    hours * HOUR_MS,
  );
}
