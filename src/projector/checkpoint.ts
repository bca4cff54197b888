import { type Db, sql } from '../db/sql.js';

/** The fold unit of the messages read without partitions: those appended before subjects carried one, and rebuilds. */
export const WHOLE_STREAM = -1;

/**
 * Locks the projection's checkpoint row of one fold unit for this transaction and returns its last
 * folded sequence. Every fold passes here first, so two folders of a unit (a restarted worker and
 * its predecessor's redelivery, or a rebuild's swap) serialise on this row.
 */
export async function claimCheckpoint(tx: Db, name: string, part: number): Promise<number> {
  await tx.query(
    sql`INSERT INTO projection_checkpoints (name, part) VALUES (${name}, ${part}) ON CONFLICT (name, part) DO NOTHING`,
  );
  const { rows } = await tx.query<{ last_seq: number }>(
    sql`SELECT last_seq FROM projection_checkpoints WHERE name = ${name} AND part = ${part} FOR UPDATE`,
  );
  return Number(rows[0]!.last_seq);
}

export async function advanceCheckpoint(tx: Db, name: string, part: number, seq: number): Promise<void> {
  await tx.query(
    sql`UPDATE projection_checkpoints SET last_seq = ${seq}, updated_at = now() WHERE name = ${name} AND part = ${part}`,
  );
}

/** Each projection's checkpoint in each fold unit that has one. */
export async function readCheckpoints(db: Db): Promise<Map<string, Map<number, number>>> {
  const { rows } = await db.query<{ name: string; part: number; last_seq: string }>(
    'SELECT name, part, last_seq FROM projection_checkpoints',
  );
  const out = new Map<string, Map<number, number>>();
  for (const r of rows) {
    const units = out.get(r.name) ?? new Map<number, number>();
    units.set(r.part, Number(r.last_seq));
    out.set(r.name, units);
  }
  return out;
}
