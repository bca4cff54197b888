import type pg from 'pg';
import { looksLikeToken, randomToken, tokenDigest } from '../auth/tokens.js';
import { type Db, sql } from '../db/sql.js';
import { withTransaction } from '../db/transaction.js';
import { AppError } from '../errors/app-error.js';

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
/** Pending invitations a site may have at once: each may be a mail sent, so they are bounded. */
export const MAX_PENDING_INVITATIONS = 50;

export type MemberRole = 'admin' | 'viewer';

/** A pending invitation as the API shows it (never its token). */
export interface Invitation {
  email: string;
  role: MemberRole;
  invited_by: number | null;
  created_at: Date;
  expires_at: Date;
}

const INVITATION_COLUMNS = sql`email, role, invited_by, created_at, expires_at`;

/**
 * Stores an invitation and returns its token, the one time it exists outside the link: only the
 * digest is kept. A pending invitation for the same site and email is replaced (its link stops
 * working).
 */
export async function createInvitation(
  db: Db,
  i: { siteId: number; email: string; role: MemberRole; invitedBy: number },
): Promise<{ token: string; invitation: Invitation }> {
  const token = randomToken('invitation');
  const { rows } = await db.query<Invitation>(sql`
    INSERT INTO site_invitations (site_id, email, role, token_digest, invited_by, expires_at)
    VALUES (${i.siteId}, ${i.email}, ${i.role}, ${tokenDigest(token)}, ${i.invitedBy},
            now() + make_interval(days => ${INVITATION_DAYS}))
    ON CONFLICT (site_id, email) WHERE accepted_at IS NULL DO UPDATE
      SET role = EXCLUDED.role, token_digest = EXCLUDED.token_digest, invited_by = EXCLUDED.invited_by,
          created_at = now(), expires_at = EXCLUDED.expires_at
    RETURNING ${INVITATION_COLUMNS}`);
  return { token, invitation: rows[0]! };
}

/** Pending invitations that have not expired, other than one for `email`. */
export async function countPendingInvitations(db: Db, siteId: number, email: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM site_invitations
    WHERE site_id = ${siteId} AND accepted_at IS NULL AND expires_at > now() AND email <> ${email}`);
  return rows[0]!.n;
}

/** The site's pending invitations that have not expired, newest first. */
export async function listPendingInvitations(db: Db, siteId: number): Promise<Invitation[]> {
  const { rows } = await db.query<Invitation>(sql`
    SELECT ${INVITATION_COLUMNS} FROM site_invitations
    WHERE site_id = ${siteId} AND accepted_at IS NULL AND expires_at > now()
    ORDER BY created_at DESC, id DESC`);
  return rows;
}

/** Drops an invitation that could not be delivered, so no unusable one stays pending. */
export async function dropInvitation(db: Db, token: string): Promise<void> {
  await db.query(sql`DELETE FROM site_invitations WHERE token_digest = ${tokenDigest(token)}`);
}

function noSuchInvitation(): AppError {
  return new AppError('not_found', 'this invitation does not exist, was used or has expired', {
    field: 'token',
  });
}

/**
 * Accepts an invitation for the signed-in user: the link must be pending and unexpired (else 404
 * on `token`), and the account's email the invited one (else 403). In one transaction, the
 * invitation locked, so a link works once. Returns the site's id.
 */
export async function acceptInvitation(
  pool: pg.Pool,
  token: string,
  userId: number,
): Promise<{ siteId: number }> {
  if (!looksLikeToken('invitation', token)) throw noSuchInvitation();
  return withTransaction(pool, async (tx) => {
    const { rows } = await tx.query<{ id: number; site_id: number; email: string; role: MemberRole }>(sql`
      SELECT id, site_id, email, role FROM site_invitations
      WHERE token_digest = ${tokenDigest(token)} AND accepted_at IS NULL AND expires_at > now()
      FOR UPDATE`);
    const invitation = rows[0];
    if (invitation === undefined) throw noSuchInvitation();
    const user = await tx.query<{ email: string }>(
      sql`SELECT lower(email) AS email FROM users WHERE id = ${userId}`,
    );
    if (user.rows[0]?.email !== invitation.email)
      throw new AppError(
        'forbidden',
        `this invitation is for another email address; sign in as the invited account`,
      );
    await tx.query(sql`UPDATE site_invitations SET accepted_at = now() WHERE id = ${invitation.id}`);
    // The owner accepting keeps owning; a member already keeps the role they have.
    await tx.query(sql`
      INSERT INTO site_members (site_id, user_id, role)
      SELECT ${invitation.site_id}, ${userId}, ${invitation.role}
      WHERE NOT EXISTS (SELECT 1 FROM sites WHERE id = ${invitation.site_id} AND owner_id = ${userId})
      ON CONFLICT (site_id, user_id) DO NOTHING`);
    return { siteId: invitation.site_id };
  });
}
