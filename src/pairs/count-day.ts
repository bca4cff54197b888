import type pg from 'pg';
import { arrayLiteral } from '../db/array-parameters.js';
import { CopyRows, copyText, runStatement } from '../db/copy.js';
import { raw, type Sql, sql } from '../db/sql.js';
import { withTransaction } from '../db/transaction.js';
import { pairDayLock } from '../../projections/raw-events/pair-days.js';
import { PairCounter } from './count-pairs.js';
import { WALK_PAGES } from '../../projections/path-sessions/walks.js';
import { PAIR_FILTER_COLUMNS, PAIR_FILTERS } from './dimensions.js';

const VALUES = raw(PAIR_FILTERS.map((d) => `e.${PAIR_FILTER_COLUMNS[d]}`).join(', '));

const FETCH_ROWS = 10_000;

interface HitRow {
  visitor_id: string;
  kind: string;
  name: string | null;
  scroll: number | null;
  engaged_ms: number | null;
  v: (string | null)[];
}

/** `duration_ms` is a bigint: a string unless the pool parses them (src/db/pool.ts). */
interface SessionRow {
  entry_path: string | null;
  exit_path: string | null;
  bounce: boolean;
  duration_ms: number | string;
  hits: (string | null)[][];
  /** The paths of its first WALK_PAGES pageviews in order; null without a pageview. */
  walk: string[] | null;
}

/** Each row of `query`, a page at a time through a cursor: a day of a busy site is never held whole. */
async function eachRow<R extends pg.QueryResultRow>(tx: pg.PoolClient, query: Sql, fn: (row: R) => void) {
  await tx.query({ text: `DECLARE pair_rows NO SCROLL CURSOR FOR ${query.text}`, values: query.values });
  for (;;) {
    const page = await tx.query<R>(`FETCH ${FETCH_ROWS} FROM pair_rows`);
    page.rows.forEach(fn);
    if (page.rows.length < FETCH_ROWS) break;
  }
  await tx.query('CLOSE pair_rows');
}

const PAIR_COLUMNS = [
  'site_id',
  'day',
  'fdim',
  'fvalue',
  'dim',
  'value',
  'pageviews',
  'events',
  'visitors',
  'entries',
  'exits',
  'scroll',
  'scroll_n',
  'engaged_ms',
  'engaged_n',
  'sessions',
  'bounces',
  'duration_ms',
];

/** The site's day of the copied rows' table replaced by them. */
async function replaceDay(tx: pg.PoolClient, site: number, day: string, rows: CopyRows) {
  await tx.query(sql`DELETE FROM ${raw(rows.table)} WHERE site_id = ${site} AND day = ${day}::date`);
  if (rows.text.length > 0) await runStatement(tx, rows);
}

/**
 * Counts one site's UTC day (`YYYY-MM-DD`) into `dimension_pairs` from its raw hits and the
 * sessions started that day, replacing the day's rows, and lists the day as counted: all in one
 * transaction under the day's lock (projections/raw-events/pair-days.ts), read after taking it.
 * Returns the rows written.
 */
export async function countPairDay(pool: pg.Pool, site: number, day: string): Promise<number> {
  return withTransaction(pool, async (tx) => {
    await tx.query(sql`SELECT ${pairDayLock(sql`${site}::bigint`, sql`${day}::date`)}`);
    const start = `${day}T00:00:00Z`;
    const counter = new PairCounter();
    /** Each distinct walk of the sessions started that day, with its sessions. */
    const walks = new Map<string, { paths: string[]; sessions: number }>();
    await eachRow<HitRow>(
      tx,
      sql`
      SELECT e.visitor_id, e.kind, e.name, e.scroll, e.engaged_ms, ARRAY[${VALUES}] AS v
      FROM events e
      WHERE e.site_id = ${site} AND e.ts >= ${start}::timestamptz AND e.ts < ${start}::timestamptz + interval '1 day'
      ORDER BY e.visitor_id COLLATE "C"`,
      (h) =>
        counter.addHit({
          visitor: h.visitor_id,
          pageview: h.kind === 'pageview',
          event: h.kind === 'custom' ? h.name : null,
          scroll: h.scroll,
          engagedMs: h.engaged_ms,
          values: h.v,
        }),
    );
    await eachRow<SessionRow>(
      tx,
      sql`
      SELECT s.entry_path, s.exit_path, s.pageviews = 1 AND s.interactive = 0 AS bounce,
             (extract(epoch FROM s.last_seen_at - s.started_at) * 1000)::bigint AS duration_ms,
             array_agg(ARRAY[${VALUES}]) AS hits,
             (array_agg(e.pathname ORDER BY e.ts, e.seq, e.id) FILTER (WHERE e.kind = 'pageview'))[1:${WALK_PAGES}::int] AS walk
      FROM sessions s JOIN events e ON e.session_id = s.id
      WHERE s.site_id = ${site} AND s.started_at >= ${start}::timestamptz
        AND s.started_at < ${start}::timestamptz + interval '1 day'
      GROUP BY s.id`,
      (s) => {
        if (s.walk !== null) {
          // Postgres text holds no NUL, so the joined paths tell walks apart.
          const key = s.walk.join('\u0000');
          const walk = walks.get(key);
          if (walk) walk.sessions++;
          else walks.set(key, { paths: s.walk, sessions: 1 });
        }
        counter.addSession({
          entry: s.entry_path,
          exit: s.exit_path,
          bounce: s.bounce,
          durationMs: Number(s.duration_ms),
          hits: s.hits,
        });
      },
    );
    const rows = counter.rows();
    await replaceDay(
      tx,
      site,
      day,
      new CopyRows(
        'dimension_pairs',
        PAIR_COLUMNS,
        copyText(rows, (r) => [
          site,
          day,
          r.fdim,
          r.fvalue,
          r.dim,
          r.value,
          r.pageviews,
          r.events,
          r.visitors,
          r.page?.entries,
          r.page?.exits,
          r.page?.scroll,
          r.page?.scrollN,
          r.page?.engagedMs,
          r.page?.engagedN,
          r.sessions?.sessions,
          r.sessions?.bounces,
          r.sessions?.durationMs,
        ]),
      ),
    );
    await replaceDay(
      tx,
      site,
      day,
      new CopyRows(
        'walk_days',
        ['site_id', 'day', 'sessions', 'paths'],
        copyText([...walks.values()], (w) => [site, day, w.sessions, arrayLiteral(w.paths)]),
      ),
    );
    await tx.query(sql`
      INSERT INTO dimension_pair_days (site_id, day) VALUES (${site}, ${day}::date)
      ON CONFLICT (site_id, day) DO UPDATE SET counted_at = now()`);
    return rows.length;
  });
}
