import { join, raw, type Sql, sql } from '../../db/sql.js';

/** An instant as a Date or as milliseconds since the epoch. */
type Instant = Date | number;

const iso = (t: Instant) => (typeof t === 'number' ? new Date(t) : t).toISOString();

/**
 * `column >= start AND column < end`: the half-open window on a timestamp column (a name, or an
 * expression), its edges as ISO instants so Postgres types them from the column.
 */
export function inWindow(column: string | Sql, w: { start: Instant; end: Instant }): Sql {
  const col = typeof column === 'string' ? raw(column) : column;
  return sql`${col} >= ${iso(w.start)} AND ${col} < ${iso(w.end)}`;
}

/** `column` inside any of the windows (FALSE for none). */
export function inWindows(column: string | Sql, windows: readonly { start: Instant; end: Instant }[]): Sql {
  if (windows.length === 0) return raw('FALSE');
  if (windows.length === 1) return inWindow(column, windows[0]!);
  return join(
    windows.map((w) => sql`(${inWindow(column, w)})`),
    ' OR ',
    '(',
    ')',
  );
}
