import type pg from 'pg';
import { sql } from '../db/sql.js';
import type { Logger } from '../log.js';
import { runEvery } from '../jobs/run-every.js';
import {
  hasPolicyFile,
  POLICY_FILE_NAMES,
  POLICY_MAX_BYTES,
  type PolicyKind,
  storePolicyFile,
} from '../sites/policy-files.js';
import { guardedGet, type Resolve } from './guarded-get.js';

export interface PolicyFetchOptions {
  /** The origin a site's files are read from; default `https://<domain>`. */
  originFor?: (domain: string) => string;
  timeoutMs?: number;
  /** `POLICY_FETCH_PRIVATE`: also fetch from loopback, private, link-local, CGNAT and ULA addresses. */
  allowPrivate?: boolean;
  /** How host names are resolved; tests inject one so that they need no DNS. */
  lookup?: Resolve;
}

export type PolicyFetchOutcome =
  | { status: 'stored'; version: number; changed: boolean }
  | { status: 'absent' }
  | { status: 'failed'; error: string };

const USER_AGENT = 'twofold-policy-fetcher/0.1 (self-hosted analytics; reads robots.txt and llms.txt)';
/** RFC 9309 §2.3.1.2 asks crawlers to follow at least five redirects. */
const MAX_REDIRECTS = 5;

/**
 * Reads one policy file from a site's origin and stores it as a new version when it changed.
 * RFC 9309 §2.3.1: a 4xx robots.txt means no rules, so an empty version (everything allowed) is
 * stored; an HTML page served in its place (a single-page app's fallback) counts as absent too. An
 * llms.txt that is absent is stored empty only when the site had one before (it was withdrawn);
 * before the first one, "no file" stays unknown. Server errors and network failures keep the
 * version in force, since they say nothing about what the site allows. The fetch reaches public
 * addresses only (`guardedGet`), within one time cap for all of it and `POLICY_MAX_BYTES` of body.
 */
export async function fetchPolicyFile(
  db: pg.Pool,
  site: { id: number; domain: string },
  kind: PolicyKind,
  options: PolicyFetchOptions = {},
): Promise<PolicyFetchOutcome & { http?: number }> {
  const origin = (options.originFor ?? ((d) => `https://${d}`))(site.domain);
  let http: number;
  let body: string | undefined;
  try {
    const response = await guardedGet(`${origin}/${POLICY_FILE_NAMES[kind]}`, {
      allowPrivate: options.allowPrivate ?? false,
      ...(options.lookup ? { resolve: options.lookup } : {}),
      timeoutMs: options.timeoutMs ?? 15_000,
      maxRedirects: MAX_REDIRECTS,
      headers: { 'user-agent': USER_AGENT, accept: 'text/plain, text/markdown;q=0.9, */*;q=0.1' },
    });
    http = response.status;
    const ok = http >= 200 && http < 300;
    if (ok && !/^\s*text\/html/i.test(response.contentType)) body = await response.readText(POLICY_MAX_BYTES);
    else response.discard();
    if (!ok && !(http >= 400 && http < 500)) return { http, status: 'failed', error: `HTTP ${http}` };
  } catch (err) {
    return { status: 'failed', error: err instanceof Error ? err.message : String(err) };
  }
  if (body !== undefined)
    return { http, status: 'stored', ...(await storePolicyFile(db, site.id, kind, body, 'fetch')) };
  if (kind === 'llms' && !(await hasPolicyFile(db, site.id, kind))) return { http, status: 'absent' };
  return { http, status: 'stored', ...(await storePolicyFile(db, site.id, kind, '', 'fetch')) };
}

/**
 * Claims the (site, file) pairs whose last attempt is older than `intervalSeconds` by stamping them
 * in one statement: a pair claimed by one machine is no longer due for another.
 */
export async function claimDuePolicyFetches(db: pg.Pool, intervalSeconds: number, limit = 50) {
  const { rows } = await db.query<{ site_id: number; kind: PolicyKind; domain: string }>(sql`
    WITH due AS (
      SELECT s.id, k.kind FROM sites s CROSS JOIN (VALUES ('robots'), ('llms')) AS k (kind)
      LEFT JOIN policy_fetch_state f ON f.site_id = s.id AND f.kind = k.kind
      WHERE f.last_attempt_at IS NULL OR f.last_attempt_at < now() - make_interval(secs => ${intervalSeconds})
      ORDER BY f.last_attempt_at NULLS FIRST LIMIT ${limit}),
    claimed AS (
      INSERT INTO policy_fetch_state AS f (site_id, kind, last_attempt_at) SELECT id, kind, now() FROM due
      ON CONFLICT (site_id, kind) DO UPDATE SET last_attempt_at = excluded.last_attempt_at
        WHERE f.last_attempt_at < now() - make_interval(secs => ${intervalSeconds})
      RETURNING site_id, kind)
    SELECT c.site_id, c.kind, s.domain FROM claimed c JOIN sites s ON s.id = c.site_id ORDER BY c.site_id, c.kind`);
  return rows;
}

/** Fetches every due policy file once; returns how many were attempted. */
export async function fetchDuePolicyFiles(
  db: pg.Pool,
  log: Logger,
  intervalSeconds: number,
  options: PolicyFetchOptions = {},
): Promise<number> {
  let attempted = 0;
  for (;;) {
    const due = await claimDuePolicyFetches(db, intervalSeconds);
    if (due.length === 0) return attempted;
    attempted += due.length;
    for (const d of due) {
      const outcome = await fetchPolicyFile(db, { id: d.site_id, domain: d.domain }, d.kind, options);
      if (outcome.status === 'failed')
        log.warn(
          { site: d.site_id, file: POLICY_FILE_NAMES[d.kind], error: outcome.error },
          'policy fetch failed',
        );
      await db.query(sql`
        UPDATE policy_fetch_state SET last_status = ${outcome.http ?? null},
          last_error = ${outcome.status === 'failed' ? outcome.error : null}
        WHERE site_id = ${d.site_id} AND kind = ${d.kind}`);
    }
  }
}

const TICK_MS = 5 * 60_000;

/**
 * Runs `fetchDuePolicyFiles` every five minutes (the first a minute after start); each file is
 * fetched at most once per `hours`, whichever machine claims it.
 */
export function schedulePolicyFetches(
  db: pg.Pool,
  log: Logger,
  hours: number,
  options: PolicyFetchOptions = {},
): { stop(): void } {
  return runEvery(
    () =>
      fetchDuePolicyFiles(db, log, hours * 3600, options).catch((err) =>
        log.warn({ err }, 'policy fetching failed'),
      ),
    60_000,
    TICK_MS,
  );
}
