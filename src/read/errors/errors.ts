import { type Db, type Sql, sql } from '../../db/sql.js';
import type { StackFrame } from '../../enrich/stack-frame.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { HUMAN_DIMENSIONS } from '../envelope/filters.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import { type Paging, pageOf } from '../envelope/paging.js';
import type { Point } from '../stats/timeseries.js';
import { sparklines } from './sparkline.js';
import { inWindow } from '../envelope/in-window.js';

/** A group's figures in a window. */
export interface ErrorCounts {
  /** Error hits. */
  count: number;
  /** Sessions with at least one of them. */
  sessions: number;
}

/** One error group (by fingerprint: docs/api.md#get-apistatserrors) in the window. */
export interface ErrorGroupRow extends ErrorCounts {
  fingerprint: string;
  /** The message of the group's latest hit in the window (its messages differ only in masked parts). */
  message: string;
  /** That hit's top frame: file (no query string), function, line, column; absent when unknown. */
  top_frame?: StackFrame;
  /** The group's first and last hit in the window. */
  first_seen: string;
  last_seen: string;
  /** Its hits per bucket of the window. */
  series: Point[];
  /** With `compare`: the group's figures in the other window (0 where it did not occur). */
  comparison?: ErrorCounts;
}

const iso = (d: Date) => d.toISOString();

/** The window's error hits that match the filters, as a condition on `events e`. */
function errorHits(q: Query, w: Window): Sql {
  return sql`e.site_id = ${q.site} AND e.kind = 'error' AND ${inWindow('e.ts', w)}
    AND ${compileFilters(q.filters, HUMAN_DIMENSIONS, 'e')}`;
}

type GroupRow = Omit<ErrorGroupRow, 'series' | 'comparison' | 'top_frame' | 'first_seen' | 'last_seen'> & {
  first_seen: Date;
  last_seen: Date;
  frame: StackFrame | null;
};

/**
 * Error groups ranked by hits (then the most recent, then fingerprint), with the message and top
 * frame of each group's latest hit, affected sessions, first and last seen, and a sparkline over
 * the window's buckets. Rows folded before migration 0016 have no fingerprint until a rebuild and
 * are left out.
 */
export async function errorGroups(db: Db, q: Query, p: Paging): Promise<ErrorGroupRow[]> {
  const hits = errorHits(q, q);
  const { rows } = await db.query<GroupRow>(sql`
    WITH groups AS (
      SELECT e.error_fingerprint AS fingerprint, count(*) AS count, count(DISTINCT e.session_id) AS sessions,
             min(e.ts) AS first_seen, max(e.ts) AS last_seen
      FROM events e
      WHERE ${hits} AND e.error_fingerprint IS NOT NULL
      GROUP BY 1
      ORDER BY 2 DESC, 5 DESC, 1
      ${pageOf(p)})
    SELECT g.*, l.message, l.frame
    FROM groups g CROSS JOIN LATERAL (
      SELECT coalesce(e.props->>'message', '') AS message, e.error_frame AS frame
      FROM events e
      WHERE ${hits} AND e.error_fingerprint = g.fingerprint AND e.ts = g.last_seen
      ORDER BY e.id DESC LIMIT 1) l
    ORDER BY g.count DESC, g.last_seen DESC, g.fingerprint`);
  if (rows.length === 0) return [];
  const fingerprints = rows.map((r) => r.fingerprint);
  const [series, before] = await Promise.all([
    sparklines(db, q, hits, fingerprints),
    q.comparison ? countsIn(db, q, q.comparison, fingerprints) : undefined,
  ]);
  return rows.map(({ frame, first_seen, last_seen, ...r }) => ({
    fingerprint: r.fingerprint,
    message: r.message,
    ...(frame ? { top_frame: frame } : {}),
    count: r.count,
    sessions: r.sessions,
    first_seen: iso(first_seen),
    last_seen: iso(last_seen),
    series: series.get(r.fingerprint)!,
    ...(before ? { comparison: before.get(r.fingerprint) ?? { count: 0, sessions: 0 } } : {}),
  }));
}

/** The listed groups' figures in another window (the comparison). */
async function countsIn(db: Db, q: Query, w: Window, fingerprints: readonly string[]) {
  const { rows } = await db.query<ErrorCounts & { fingerprint: string }>(sql`
    SELECT e.error_fingerprint AS fingerprint, count(*) AS count, count(DISTINCT e.session_id) AS sessions
    FROM events e
    WHERE ${errorHits(q, w)} AND e.error_fingerprint = ANY(${fingerprints}::text[])
    GROUP BY 1`);
  return new Map(rows.map(({ fingerprint, ...c }) => [fingerprint, c]));
}
