import { type Db, sql } from '../db/sql.js';

/** Records an accepted signature; false when it was accepted before (a replay). */
export async function claimSignature(db: Db, digest: Buffer): Promise<boolean> {
  const r = await db.query(
    sql`INSERT INTO edge_signatures (digest) VALUES (${digest}) ON CONFLICT DO NOTHING`,
  );
  if (Math.random() < 0.01) void pruneSignatures(db).catch(() => {});
  return r.rowCount === 1;
}

/** Gives a signature back when its request could not be stored, so that request may be retried. */
export async function releaseSignature(db: Db, digest: Buffer): Promise<void> {
  await db.query(sql`DELETE FROM edge_signatures WHERE digest = ${digest}`);
}

/** Signatures older than three tolerance windows can no longer verify, so they need no memory. */
export async function pruneSignatures(db: Db): Promise<number> {
  const r = await db.query(
    sql`DELETE FROM edge_signatures WHERE accepted_at < now() - interval '15 minutes'`,
  );
  return r.rowCount ?? 0;
}
