import { type Db, sql } from '../db/sql.js';

/**
 * Locks the projection's checkpoint row for this transaction and returns its last folded sequence.
 * Every fold of the projection passes here first, so two folders (a restarted worker and its
 * predecessor's redelivery, or a rebuild's swap) serialise on this row.
 */
export async function claimCheckpoint(tx: Db, name: string): Promise<number> {
  await tx.query(
    sql`INSERT INTO projection_checkpoints (name) VALUES (${name}) ON CONFLICT (name) DO NOTHING`,
  );
  const { rows } = await tx.query<{ last_seq: number }>(
    sql`SELECT last_seq FROM projection_checkpoints WHERE name = ${name} FOR UPDATE`,
  );
  return rows[0]!.last_seq;
}

export async function advanceCheckpoint(tx: Db, name: string, seq: number): Promise<void> {
  await tx.query(
    sql`UPDATE projection_checkpoints SET last_seq = ${seq}, updated_at = now() WHERE name = ${name}`,
  );
}

export async function readCheckpoints(db: Db): Promise<Map<string, number>> {
  const { rows } = await db.query<{ name: string; last_seq: number }>(
    'SELECT name, last_seq FROM projection_checkpoints',
  );
  return new Map(rows.map((r) => [r.name, r.last_seq]));
}
