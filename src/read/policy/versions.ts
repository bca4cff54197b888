import { type Db, sql } from '../../db/sql.js';
import type { PolicyKind } from '../../sites/policy-files.js';

export interface PolicyVersionRow {
  kind: PolicyKind;
  version: number;
  /** When the version came into force, and when the next one replaced it (null: still in force). */
  valid_from: string;
  valid_to: string | null;
  source: 'upload' | 'fetch';
  /** Whether it is the version in force at the window's end. */
  in_force: boolean;
}

export interface PolicyVersions {
  /** Every version in force at some time before the window's end, robots first, oldest first. */
  history: PolicyVersionRow[];
  /** The text of the version of each kind in force at the window's end, if any. */
  bodies: Partial<Record<PolicyKind, string>>;
}

interface Row {
  kind: PolicyKind;
  version: number;
  valid_from: Date;
  valid_to: Date | null;
  source: 'upload' | 'fetch';
  in_force: boolean;
  body: string | null;
}

/**
 * A site's policy files as of `end`. The version in force is, as when folding
 * (projections/agents/policies.ts), the last to take effect by (valid_from, version); at the end of
 * a half-open window that is the last one that took effect before `end`.
 */
export async function policyVersionsAt(db: Db, site: number, end: Date): Promise<PolicyVersions> {
  const { rows } = await db.query<Row>(sql`
    SELECT kind, version, valid_from, valid_to, source, in_force, CASE WHEN in_force THEN body END AS body
    FROM (
      SELECT kind, version, valid_from, source, body,
             lead(valid_from) OVER (PARTITION BY kind ORDER BY valid_from, version) AS valid_to,
             valid_from < ${end.toISOString()} AND coalesce(
               lead(valid_from) OVER (PARTITION BY kind ORDER BY valid_from, version) >= ${end.toISOString()},
               TRUE) AS in_force
      FROM policy_files WHERE site_id = ${site}) v
    WHERE valid_from < ${end.toISOString()}
    ORDER BY kind = 'llms', valid_from, version`);
  const bodies: PolicyVersions['bodies'] = {};
  for (const r of rows) if (r.in_force) bodies[r.kind] = r.body ?? '';
  return {
    history: rows.map((r) => ({
      kind: r.kind,
      version: r.version,
      valid_from: r.valid_from.toISOString(),
      valid_to: r.valid_to?.toISOString() ?? null,
      source: r.source,
      in_force: r.in_force,
    })),
    bodies,
  };
}

/** The text of the site's file of this kind in force at `at` (the last to take effect by then), or null. */
export async function policyBodyAt(db: Db, site: number, kind: PolicyKind, at: Date): Promise<string | null> {
  const { rows } = await db.query<{ body: string }>(sql`
    SELECT body FROM policy_files
    WHERE site_id = ${site} AND kind = ${kind} AND valid_from <= ${at.toISOString()}
    ORDER BY valid_from DESC, version DESC LIMIT 1`);
  return rows[0]?.body ?? null;
}
