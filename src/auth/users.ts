import { type Db, sql } from '../db/sql.js';

export interface UserSummary {
  id: number;
  email: string;
  createdAt: Date;
  /** Sites the user owns, and sites they are a member of. */
  owns: number;
  memberOf: number;
}

/** Every account, oldest first, for the operator's `twofold users list`. */
export async function listUsers(db: Db): Promise<UserSummary[]> {
  const { rows } = await db.query<{
    id: string;
    email: string;
    created_at: Date;
    owns: number;
    member_of: number;
  }>(sql`
    SELECT u.id, u.email, u.created_at,
           (SELECT count(*)::int FROM sites s WHERE s.owner_id = u.id) AS owns,
           (SELECT count(*)::int FROM site_members m WHERE m.user_id = u.id) AS member_of
    FROM users u ORDER BY u.id`);
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    createdAt: r.created_at,
    owns: r.owns,
    memberOf: r.member_of,
  }));
}

/** The accounts as aligned text lines, a header first. */
export function usersTable(users: readonly UserSummary[]): string {
  const rows = [
    ['id', 'email', 'created (UTC)', 'owns', 'member of'],
    ...users.map((u) => [
      String(u.id),
      u.email,
      u.createdAt.toISOString().slice(0, 16).replace('T', ' '),
      String(u.owns),
      String(u.memberOf),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
