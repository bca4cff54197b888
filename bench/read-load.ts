// Loads the designed events (read-data.ts) into a database. The designed week goes through the
// projections' own code (`load`, the pure `fold`, its statements), batch by batch in stream order as
// a projector worker folds it, only without NATS in between. The later weeks repeat it with new ids,
// so their rows are the week's rows moved in time, copied in SQL: folding them would give the same
// rows, minutes slower. Identified users outlive a week (read-data.ts), so their `identities` rows,
// which span weeks, are folded from every copy's identified hits by the projection's own code
// instead (a few thousand hits a day); and projections that number visitors or sessions in stream
// order or keep state for the newest days only (FOLDED_EVERY_DAY) fold every day's hits.
// test/read/bench-load.int.test.ts checks the result against every day's events folded from
// stream messages by `foldBatch`.
import type pg from 'pg';
import { dimensionRollup } from '../projections/dimension-rollup/projection.js';
import type { Projection, Sequenced } from '../projections/projection.js';
import { pathSessions } from '../projections/path-sessions/projection.js';
import { pathVisitors } from '../projections/path-visitors/projection.js';
import { rawEvents } from '../projections/raw-events/projection.js';
import { foldRollupMinute, pruneRollupState } from '../projections/rollup-minute/fold.js';
import { rollupMinute } from '../projections/rollup-minute/projection.js';
import { packedCounts } from '../projections/vital-histograms/page-buckets.js';
import { vitalHistograms } from '../projections/vital-histograms/projection.js';
import { createPool } from '../src/db/pool.js';
import { raw, type Sql, sql } from '../src/db/sql.js';
import { withTransaction } from '../src/db/transaction.js';
import { advanceCheckpoint, claimCheckpoint, WHOLE_STREAM } from '../src/projector/checkpoint.js';
import { foldEvents } from '../src/projector/fold-batch.js';
import type { HitRecorded } from '../streams/events.js';
import { foldIdentities, loadIdentities } from '../projections/raw-events/identities.js';
import {
  copyHit,
  DAY_MS,
  dailyQuotas,
  dayEvents,
  IDENTITY_LIVES,
  type ReadDataDesign,
  WEEK_DAYS,
} from './read-data.js';

/** The projections folded for the designed week, whose rows the later weeks copy. */
const COPIED: readonly Projection[] = [rawEvents, rollupMinute, vitalHistograms] as Projection[];
/**
 * The same, folding the designed week without pruning rollup_minute's session state,
 * so that its copies hold the later weeks' state; the design's end prunes it as the fold would
 * (`pruneAtEnd`).
 */
const FOLDED_FOR_COPY: ReadonlyMap<Projection, Projection> = new Map([
  [rollupMinute as Projection, { ...rollupMinute, fold: foldRollupMinute } as Projection],
]);
const forCopy = (ps: readonly Projection[]) => ps.map((p) => FOLDED_FOR_COPY.get(p) ?? p);
/**
 * The projections folded over every day instead: they number visitors (sessions) in stream order,
 * which a copy of the week's rows would not continue, or keep state only for the newest days
 * (dimension_rollup), which a copy would leave as the designed week's.
 */
export const FOLDED_EVERY_DAY: readonly Projection[] = [
  pathVisitors,
  pathSessions,
  dimensionRollup,
] as Projection[];
/** The projections whose tables the human reads read. */
export const HUMAN_READ_PROJECTIONS: readonly Projection[] = [...COPIED, ...FOLDED_EVERY_DAY];

/** Hits per stream message, about what the appender gathers under load. */
export const HITS_PER_MESSAGE = 40;
/** Events per fold, well above a worker's 2 MB batches: fewer round trips, the same rows. */
const FOLD_EVENTS = 20_000;

/** The column that places a row in its UTC day, per table the loader copies. */
const DAY_COLUMN: Record<string, string> = {
  events: 'ts',
  sessions: 'started_at',
  rollup_minute: 'minute',
  rollup_quarter_hour: 'quarter_hour',
  rollup_hour: 'hour',
  rollup_session_state: 'started_at',
  rollup_visitor_state: 'first_seen_at',
  identity_days: 'day',
  identity_day_visitors: 'day',
  vital_hits: 'start',
  vital_buckets: 'start',
  vital_values: 'start',
  vital_page_buckets: 'start',
  vital_page_samples: 'day',
};

/** ISO weeks (UTC) of `start`: date_trunc('week') starts weeks on Monday, as the fold's periodStart does. */
const WEEK_OF_START = `date_trunc('week', start AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;

/** A week row per key and week, its counts the sums of its day rows'. */
const summed =
  (key: string[], counts: string[]) =>
  (table: string): Sql =>
    sql`
    INSERT INTO ${raw(table)} (${raw(key.join(', '))}, span, start, ${raw(counts.join(', '))})
    SELECT ${raw(key.join(', '))}, 7, ${raw(WEEK_OF_START)}, ${raw(counts.map((c) => `sum(${c})`).join(', '))}
    FROM ${raw(table)} WHERE span = 1 GROUP BY ${raw(key.join(', '))}, ${raw(WEEK_OF_START)}`;

/**
 * Tables with rows per UTC day (`span` 1) and per ISO week (`span` 7): only the day rows are
 * copied (the designed week is not an ISO week, and the last copy is cut short), then the week
 * rows are made from them (rebuildWeeks), as the fold adds each hit to both: counts summed, and
 * `vital_values`' and `vital_page_buckets`' arrays summed per value or bucket and packed as the
 * fold packs them.
 */
const WEEKS_OF_DAYS: Record<string, (table: string) => Sql> = {
  vital_hits: summed(['site_id', 'pathname', 'device'], ['hits']),
  vital_buckets: summed(['site_id', 'vital', 'device', 'bucket'], ['samples']),
  vital_values: () => sql`
    INSERT INTO vital_values (site_id, vital, bucket, span, start, device, vals, counts)
    SELECT site_id, vital, bucket, 7, week, device, array_agg(value ORDER BY value), array_agg(n ORDER BY value)
    FROM (
      SELECT site_id, vital, bucket, ${raw(WEEK_OF_START)} AS week, device, u.value, sum(u.n)::int AS n
      FROM vital_values CROSS JOIN LATERAL unnest(vals, counts) AS u(value, n)
      WHERE span = 1 GROUP BY 1, 2, 3, 4, 5, 6) v
    GROUP BY 1, 2, 3, 4, 5, 6`,
  vital_page_buckets: () => sql`
    INSERT INTO vital_page_buckets (site_id, pathname, span, start, vital, first, counts)
    ${packedCounts(sql`
      SELECT site_id, pathname, 7::smallint AS span, ${raw(WEEK_OF_START)} AS start, vital,
        (first + i - 1)::int AS bucket, sum(n) AS n
      FROM vital_page_buckets CROSS JOIN LATERAL unnest(counts) WITH ORDINALITY AS u(n, i)
      WHERE span = 1 AND n > 0 GROUP BY 1, 2, 3, 4, 5, 6`)}`,
};

/** The week rows of `table` again, made from its day rows. */
async function rebuildWeeks(db: pg.Pool, table: string) {
  await db.query(`DELETE FROM ${table} WHERE span = 7`);
  await db.query(WEEKS_OF_DAYS[table]!(table));
}

/** The table whose rows span the weeks: folded from the copies' identified hits, not copied. */
const FOLDED_PER_WEEK = 'identities';

/** The stream sequence of each day's first message: messages never span two days. */
export function firstSeqs(d: ReadDataDesign): number[] {
  let seq = 1;
  return dailyQuotas(d).map((n) => {
    const first = seq;
    seq += Math.ceil(n / HITS_PER_MESSAGE);
    return first;
  });
}

/** The sequence of the design's last stream message. */
export const lastSeq = (d: ReadDataDesign) =>
  firstSeqs(d).at(-1)! + Math.ceil(dailyQuotas(d).at(-1)! / HITS_PER_MESSAGE) - 1;

/** One day's hits as the stream holds them: in time order, `HITS_PER_MESSAGE` to a message. */
export function dayStream(d: ReadDataDesign, day: number): Sequenced[] {
  const first = firstSeqs(d)[day]!;
  return dayEvents(d, day).map((event, i) => ({ seq: first + Math.floor(i / HITS_PER_MESSAGE), event }));
}

/** Folds one day into the projections, each on its own connection; returns its identified hits. */
export async function foldDay(
  db: pg.Pool,
  d: ReadDataDesign,
  day: number,
  projections: readonly Projection[] = forCopy(COPIED),
): Promise<HitRecorded[]> {
  const stream = dayStream(d, day);
  for (let i = 0; i < stream.length; i += FOLD_EVENTS) {
    const batch = stream.slice(i, i + FOLD_EVENTS);
    await Promise.all(projections.map((p) => withTransaction(db, (tx) => foldEvents(tx, p, batch))));
  }
  return stream.map((s) => s.event).filter((e): e is HitRecorded => e.type === 'HitRecorded' && !!e.identity);
}

/** Folds week `k`'s copies of the designed week's identified hits into `identities`, day by day. */
async function foldIdentitiesOfWeek(db: pg.Pool, d: ReadDataDesign, identified: HitRecorded[][], k: number) {
  for (const [w, hits] of identified.entries()) {
    if (k * WEEK_DAYS + w >= d.days) break;
    const copies = hits.map((h) => copyHit(h, k));
    const statement = foldIdentities(copies, await loadIdentities(db, copies));
    if (statement) await db.query(statement);
  }
}

/** The projections' checkpoints at the end of the design's stream, as after folding it all. */
export async function setCheckpoints(db: pg.Pool, d: ReadDataDesign, projections = HUMAN_READ_PROJECTIONS) {
  for (const p of projections)
    await withTransaction(db, async (tx) => {
      await claimCheckpoint(tx, p.name, WHOLE_STREAM);
      await advanceCheckpoint(tx, p.name, WHOLE_STREAM, lastSeq(d));
    });
}

const copiedTables = () => COPIED.flatMap((p) => p.tables).filter((t) => t in DAY_COLUMN);

/**
 * The statement copying the designed week's rows of `table` into week `k`: times move by k weeks,
 * ids (uuid columns and visitor ids) take k as their first byte like the events' ids, sequences
 * move by the week's messages. Columns are read from the catalog, so a new column is copied too.
 */
async function copyWeek(db: pg.Pool, d: ReadDataDesign, table: string, k: number) {
  const { rows } = await db.query<{ name: string; type: string }>(
    `SELECT column_name AS name, data_type AS type FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  const prefix = k.toString(16).padStart(2, '0');
  const seqShift = firstSeqs(d)[k * WEEK_DAYS]! - 1;
  const moved = rows.map(({ name, type }) => {
    if (type === 'timestamp with time zone') return `${name} + interval '${k * WEEK_DAYS} days'`;
    if (type === 'uuid') return `overlay(${name}::text placing '${prefix}' from 1)::uuid`;
    if (name === 'visitor_id') return `overlay(${name} placing '${prefix}' from 1)`;
    if (name === 'identity') return identityInWeekSql(name, k);
    if (name === 'seq') return `${name} + ${seqShift}`;
    return name;
  });
  const days = Math.min(WEEK_DAYS, d.days - k * WEEK_DAYS);
  await db.query(sql`
    INSERT INTO ${raw(table)} (${raw(rows.map((r) => r.name).join(', '))})
    SELECT ${raw(moved.join(', '))} FROM ${raw(table)}
    WHERE ${raw(DAY_COLUMN[table]!)} < ${new Date(d.firstDay + days * DAY_MS).toISOString()}
      ${raw(table in WEEKS_OF_DAYS ? 'AND span = 1' : '')}`);
}

/** read-data.ts's `identityInWeek` in SQL: `user-<slot>-<epoch>` becomes the slot's user of week k. */
function identityInWeekSql(column: string, k: number): string {
  const slot = `split_part(${column}, '-', 2)::int`;
  const life = `('{${IDENTITY_LIVES.join(',')}}'::int[])[${slot} % ${IDENTITY_LIVES.length} + 1]`;
  return `'user-' || ${slot} || '-' || ((${k} + ${slot}) / ${life})`;
}

/**
 * Drops the tables' keys and indexes, runs `write`, then builds them again from their own
 * definitions: one sort per index instead of ten million random insertions into each.
 */
async function withoutIndexes(db: pg.Pool, tables: readonly string[], write: () => Promise<void>) {
  const keys = await db.query<{ name: string; table: string; def: string }>(
    `SELECT conname AS name, conrelid::regclass::text AS table, pg_get_constraintdef(oid) AS def
     FROM pg_constraint WHERE contype IN ('p', 'u') AND conrelid::regclass::text = ANY($1)`,
    [tables],
  );
  const indexes = await db.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = ANY($1) AND NOT indexname = ANY($2)`,
    [tables, keys.rows.map((k) => k.name)],
  );
  for (const k of keys.rows) await db.query(`ALTER TABLE ${k.table} DROP CONSTRAINT ${k.name}`);
  for (const i of indexes.rows) await db.query(`DROP INDEX ${i.name}`);
  await write();
  const builds = [
    ...keys.rows.map((k) => `ALTER TABLE ${k.table} ADD CONSTRAINT ${k.name} ${k.def}`),
    ...indexes.rows.map((i) => i.def),
  ];
  // Two builds at a time, each sorting in memory.
  await Promise.all(
    [0, 1].map(async (lane) => {
      const c = await db.connect();
      try {
        await c.query("SET maintenance_work_mem = '1GB'");
        for (const b of builds.filter((_, i) => i % 2 === lane)) await c.query(b);
      } finally {
        c.release();
      }
    }),
  );
}

/**
 * Loads the design: folds the designed week, copies it into the later weeks (two copies at a time),
 * sets the checkpoints. `progress` hears the events loaded so far.
 */
export async function loadDesign(
  dbUrl: string,
  d: ReadDataDesign,
  progress: (events: number, phase: string) => void = () => {},
): Promise<number> {
  const db = createPool(dbUrl, 4);
  try {
    let events = 0;
    const quotas = dailyQuotas(d);
    const identified: HitRecorded[][] = [];
    for (let day = 0; day < Math.min(WEEK_DAYS, d.days); day++) {
      identified.push(await foldDay(db, d, day));
      events += quotas[day]!;
      progress(events, 'folded');
    }
    // The tables copied are those of days; any other one that spans days is not written by the design.
    const spanning = COPIED.flatMap((p) => p.tables).filter(
      (t) => !(t in DAY_COLUMN) && t !== FOLDED_PER_WEEK,
    );
    for (const table of spanning) {
      const { rows } = await db.query(`SELECT 1 FROM ${table} LIMIT 1`);
      if (rows.length > 0)
        throw new Error(`the design must leave ${table} empty: the loader does not copy it`);
    }
    const weeks = Array.from({ length: Math.ceil(d.days / WEEK_DAYS) - 1 }, (_, i) => i + 1);
    await withoutIndexes(db, copiedTables(), async () => {
      await Promise.all(
        [0, 1].map(async (lane) => {
          for (const k of weeks.filter((_, i) => i % 2 === lane)) {
            for (const table of copiedTables()) await copyWeek(db, d, table, k);
            events += quotas.slice(k * WEEK_DAYS, (k + 1) * WEEK_DAYS).reduce((a, b) => a + b, 0);
            progress(events, 'copied');
          }
        }),
      );
    });
    for (const table of copiedTables().filter((t) => t in WEEKS_OF_DAYS)) await rebuildWeeks(db, table);
    for (const k of weeks) await foldIdentitiesOfWeek(db, d, identified, k);
    await pruneAtEnd(db, d);
    await foldEveryDay(db, d, FOLDED_EVERY_DAY, progress);
    await setCheckpoints(db, d);
    return events;
  } finally {
    await db.end();
  }
}

/** Prunes the copied state as the fold of the design's last batch does: by its newest hit. */
async function pruneAtEnd(db: pg.Pool, d: ReadDataDesign) {
  for (const statement of pruneRollupState(dayStream(d, d.days - 1).slice(-1))) await db.query(statement);
}

async function foldEveryDay(
  db: pg.Pool,
  d: ReadDataDesign,
  projections: readonly Projection[],
  progress: (events: number, phase: string) => void,
) {
  let events = 0;
  for (let day = 0; day < d.days; day++) {
    await foldDay(db, d, day, projections);
    events += dailyQuotas(d)[day]!;
    progress(events, `folded by ${projections.map((p) => p.name).join(', ')}`);
  }
}

/** raw_events' tables the pair count fills (src/pairs/), not the fold: bench:read counts them after loading. */
const COUNTED_TABLES = new Set(['dimension_pairs', 'dimension_pair_days', 'walk_days']);

/**
 * Loads the design into the projections that a loaded database lacks (it was loaded before they
 * existed, or before a table of theirs did: such a projection is folded again, all its tables),
 * the others' tables left as they are: those of FOLDED_EVERY_DAY folded over every day,
 * the copied ones (but `raw_events`, whose identities span weeks) folded for the designed week and
 * copied into the later weeks. Returns their names.
 */
export async function loadMissing(
  dbUrl: string,
  d: ReadDataDesign,
  progress: (events: number, phase: string) => void = () => {},
): Promise<string[]> {
  const db = createPool(dbUrl, 4);
  try {
    const { rows } = await db.query<{ name: string }>('SELECT name FROM projection_checkpoints');
    const have = new Set(rows.map((r) => r.name));
    // A table the design fills but left empty is one added to its projection since the load.
    const empty = new Set<string>();
    for (const t of HUMAN_READ_PROJECTIONS.flatMap((p) => p.tables).filter((t) => !COUNTED_TABLES.has(t)))
      if ((await db.query(`SELECT 1 FROM ${t} LIMIT 1`)).rowCount === 0) empty.add(t);
    const missing = HUMAN_READ_PROJECTIONS.filter(
      (p) => !have.has(p.name) || p.tables.some((t) => empty.has(t)),
    );
    if (missing.length === 0) return [];
    if (missing.includes(rawEvents as Projection))
      throw new Error('raw_events is missing: load the design afresh');
    for (const t of missing.flatMap((p) => p.tables)) await db.query(`TRUNCATE ${t}`);
    const copied = missing.filter((p) => COPIED.includes(p));
    if (copied.length > 0) {
      for (let day = 0; day < Math.min(WEEK_DAYS, d.days); day++) await foldDay(db, d, day, forCopy(copied));
      const tables = copied.flatMap((p) => p.tables);
      await withoutIndexes(db, tables, async () => {
        for (let k = 1; k < Math.ceil(d.days / WEEK_DAYS); k++)
          for (const table of tables) await copyWeek(db, d, table, k);
      });
      for (const table of tables.filter((t) => t in WEEKS_OF_DAYS)) await rebuildWeeks(db, table);
      if (copied.includes(rollupMinute as Projection)) await pruneAtEnd(db, d);
      progress(d.events, `folded and copied by ${copied.map((p) => p.name).join(', ')}`);
    }
    const everyDay = missing.filter((p) => FOLDED_EVERY_DAY.includes(p));
    if (everyDay.length > 0) await foldEveryDay(db, d, everyDay, progress);
    await setCheckpoints(db, d, missing);
    return missing.map((p) => p.name);
  } finally {
    await db.end();
  }
}
