import type pg from 'pg';

/**
 * Waits out the end of the current fixed rate-limit window (epoch multiples of `windowSeconds` on
 * the database clock) when less than `marginSeconds` of it are left, so a test's hits all land in
 * one window.
 */
export async function awayFromWindowEnd(pool: pg.Pool, windowSeconds: number, marginSeconds: number) {
  const { rows } = await pool.query<{ left: number }>(
    `SELECT ${windowSeconds} - mod(extract(epoch FROM now())::numeric, ${windowSeconds})::float8 AS left`,
  );
  const left = rows[0]!.left;
  if (left < marginSeconds) await new Promise((r) => setTimeout(r, (left + 1) * 1000));
}
