import { type Sql, sql } from '../../db/sql.js';
import { visitorName } from '../visitors/visitor-key.js';

/** A session as the sessions reads give it (docs/api.md#get-apistatssessions-apistatssessionsid). */
export interface SessionRow {
  /** The session's id: the id of its first hit. */
  id: string;
  /** The identify id, or the short digest of the daily visitor id (visitor-key.ts). */
  visitor: string;
  started_at: string;
  /** Whole seconds from its first hit to its last. */
  duration: number;
  pageviews: number;
  /** First and last pageview's path; null for a session without pageviews. */
  entry: string | null;
  exit: string | null;
  channel: string | null;
  source: string | null;
  country: string | null;
  device: string | null;
  browser: string | null;
}

export interface StoredSession {
  id: string;
  site_id: number;
  visitor_id: string;
  identity: string | null;
  started_at: Date;
  last_seen_at: Date;
  pageviews: number;
  entry_path: string | null;
  exit_path: string | null;
  channel: string | null;
  referrer_source: string | null;
  country: string | null;
  device: string | null;
  browser: string | null;
}

/** The `sessions` columns a row is made of, over alias `s`. */
export const SESSION_COLUMNS: Sql = sql`s.id, s.site_id, s.visitor_id, s.identity, s.started_at, s.last_seen_at,
  s.pageviews, s.entry_path, s.exit_path, s.channel, s.referrer_source, s.country, s.device, s.browser`;

export function sessionRow(s: StoredSession): SessionRow {
  return {
    id: s.id,
    visitor: visitorName(s.site_id, s.identity, s.visitor_id),
    started_at: s.started_at.toISOString(),
    duration: Math.round((s.last_seen_at.getTime() - s.started_at.getTime()) / 1000),
    pageviews: s.pageviews,
    entry: s.entry_path,
    exit: s.exit_path,
    channel: s.channel,
    source: s.referrer_source,
    country: s.country,
    device: s.device,
    browser: s.browser,
  };
}
