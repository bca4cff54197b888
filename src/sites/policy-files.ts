import { createHash } from 'node:crypto';
import type pg from 'pg';
import { parseLlms } from '../policy/llms.js';
import { parseRobots } from '../policy/robots.js';
import { sql } from '../db/sql.js';
import { withTransaction } from '../db/transaction.js';

export const POLICY_KINDS = ['robots', 'llms'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];
export const POLICY_FILE_NAMES: Record<PolicyKind, string> = { robots: 'robots.txt', llms: 'llms.txt' };

/** RFC 9309 asks crawlers to parse at least 500 KiB; uploads and fetches keep that much. */
export const POLICY_MAX_BYTES = 512 * 1024;

/** The parsed form kept beside the text, so reads list rules per agent without parsing again. */
function parsedForm(kind: PolicyKind, body: string): unknown {
  if (kind === 'llms') return parseLlms(body);
  const { groups, sitemaps, content_signals } = parseRobots(body);
  return { groups, sitemaps, ...(content_signals ? { content_signals } : {}) };
}

/**
 * Stores a new version of a site's robots.txt or llms.txt, in force from now, only when the text
 * changed, so the version history marks real changes. Returns the version now in force.
 */
export async function storePolicyFile(
  db: pg.Pool,
  siteId: number,
  kind: PolicyKind,
  body: string,
  source: 'upload' | 'fetch',
): Promise<{ version: number; changed: boolean }> {
  const digest = createHash('sha256').update(body, 'utf8').digest();
  const parsed = JSON.stringify(parsedForm(kind, body));
  return withTransaction(db, async (tx) => {
    // Locks the site row so concurrent writers take turns picking the next version number.
    await tx.query(sql`SELECT 1 FROM sites WHERE id = ${siteId} FOR NO KEY UPDATE`);
    const { rows } = await tx.query<{ version: number; sha256: Buffer }>(sql`
      SELECT version, sha256 FROM policy_files WHERE site_id = ${siteId} AND kind = ${kind}
      ORDER BY version DESC LIMIT 1`);
    const latest = rows[0];
    if (latest?.sha256.equals(digest)) return { version: latest.version, changed: false };
    const version = (latest?.version ?? 0) + 1;
    await tx.query(sql`
      INSERT INTO policy_files (site_id, kind, version, body, sha256, source, valid_from, parsed)
      VALUES (${siteId}, ${kind}, ${version}, ${body}, ${digest}, ${source}, now(), ${parsed}::jsonb)`);
    return { version, changed: true };
  });
}

/** Whether the site has ever had a version of this file. */
export async function hasPolicyFile(db: pg.Pool, siteId: number, kind: PolicyKind): Promise<boolean> {
  const { rowCount } = await db.query(
    sql`SELECT 1 FROM policy_files WHERE site_id = ${siteId} AND kind = ${kind} LIMIT 1`,
  );
  return (rowCount ?? 0) > 0;
}
