import type pg from 'pg';
import { type Db, sql } from '../db/sql.js';
import { withTransaction } from '../db/transaction.js';
import { AppError } from '../errors/app-error.js';
import type { SiteRole } from '../sites/roles.js';

/** A person who may see a site, as the API shows them: the owner first, then members by arrival. */
export interface Member {
  user: number;
  email: string;
  role: SiteRole;
  since: Date;
}

/** The owner (since the site's creation) and every member (since they joined). */
export async function listMembers(db: Db, siteId: number): Promise<Member[]> {
  const { rows } = await db.query<Member>(sql`
    SELECT u.id AS "user", u.email, 'owner' AS role, s.created_at AS since, 0 AS rank
    FROM sites s JOIN users u ON u.id = s.owner_id WHERE s.id = ${siteId}
    UNION ALL
    SELECT u.id, u.email, m.role, m.created_at, 1
    FROM site_members m JOIN users u ON u.id = m.user_id WHERE m.site_id = ${siteId}
    ORDER BY rank, since, "user"`);
  return rows.map(({ user, email, role, since }) => ({ user, email, role, since }));
}

/** One person's place on the site; null when they are neither its owner nor a member. */
export async function findMember(db: Db, siteId: number, userId: number): Promise<Member | null> {
  if (!Number.isSafeInteger(userId) || userId <= 0) return null;
  const { rows } = await db.query<Member>(sql`
    SELECT u.id AS "user", u.email, 'owner' AS role, s.created_at AS since
    FROM sites s JOIN users u ON u.id = s.owner_id WHERE s.id = ${siteId} AND s.owner_id = ${userId}
    UNION ALL
    SELECT u.id, u.email, m.role, m.created_at
    FROM site_members m JOIN users u ON u.id = m.user_id
    WHERE m.site_id = ${siteId} AND m.user_id = ${userId}`);
  return rows[0] ?? null;
}

/** Whether an account with this (lower-cased) email already owns or is a member of the site. */
export async function isMemberEmail(db: Db, siteId: number, email: string): Promise<boolean> {
  const { rowCount } = await db.query(sql`
    SELECT 1 FROM users u
    WHERE lower(u.email) = ${email}
      AND (EXISTS (SELECT 1 FROM sites s WHERE s.id = ${siteId} AND s.owner_id = u.id)
           OR EXISTS (SELECT 1 FROM site_members m WHERE m.site_id = ${siteId} AND m.user_id = u.id))`);
  return (rowCount ?? 0) > 0;
}

/** Sets a member's role (admin or viewer); false when they are not a member (the owner is not one). */
export async function setMemberRole(
  db: Db,
  siteId: number,
  userId: number,
  role: 'admin' | 'viewer',
): Promise<boolean> {
  const r = await db.query(
    sql`UPDATE site_members SET role = ${role} WHERE site_id = ${siteId} AND user_id = ${userId}`,
  );
  return r.rowCount === 1;
}

/**
 * Removes a member and revokes the API keys they made for the site, in one transaction: a key acts
 * for its creator, and its creator no longer may. False when they were not a member.
 */
export async function removeMember(pool: pg.Pool, siteId: number, userId: number): Promise<boolean> {
  return withTransaction(pool, async (tx) => {
    const r = await tx.query(sql`DELETE FROM site_members WHERE site_id = ${siteId} AND user_id = ${userId}`);
    if (r.rowCount !== 1) return false;
    await tx.query(sql`
      UPDATE api_keys SET revoked_at = now()
      WHERE site_id = ${siteId} AND user_id = ${userId} AND revoked_at IS NULL`);
    return true;
  });
}

/**
 * Makes member `to` the owner and the owner `from` an admin, in one transaction with the site row
 * locked, so two transfers cannot interleave: the second finds `from` no longer owns the site (403).
 */
export async function transferOwnership(
  pool: pg.Pool,
  siteId: number,
  from: number,
  to: number,
): Promise<void> {
  await withTransaction(pool, async (tx) => {
    const { rows } = await tx.query<{ owner_id: number }>(
      sql`SELECT owner_id FROM sites WHERE id = ${siteId} FOR UPDATE`,
    );
    if (rows[0]?.owner_id !== from) throw new AppError('forbidden', 'only the owner transfers the site');
    const left = await tx.query(sql`DELETE FROM site_members WHERE site_id = ${siteId} AND user_id = ${to}`);
    if (left.rowCount !== 1)
      throw new AppError('not_found', 'no such member of this site', { field: 'user' });
    await tx.query(sql`UPDATE sites SET owner_id = ${to} WHERE id = ${siteId}`);
    await tx.query(
      sql`INSERT INTO site_members (site_id, user_id, role) VALUES (${siteId}, ${from}, 'admin')`,
    );
  });
}
