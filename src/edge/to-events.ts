import { randomUUID } from 'node:crypto';
import type { FetchRecorded, HitRecorded } from '../../streams/events.js';
import {
  type DropReason,
  type HitContext,
  type IngestDeps,
  enrichHit,
  screenHit,
} from '../ingest/pipeline.js';
import type { RangeMatch } from '../catalog/operator-ranges.js';
import type { AgentEventRow, HumanEventRow } from './rows.js';

export interface EdgeDeps extends IngestDeps {
  /** The operators' published ranges containing an address, as known at ingest. */
  rangesFor: (ip: string) => RangeMatch[];
}

/** A crawl record as an event: enriched, digested, its address dropped. */
export async function fetchEvent(deps: EdgeDeps, site: number, row: AgentEventRow): Promise<FetchRecorded> {
  const geo = deps.geo.lookup(row.ip);
  const event: FetchRecorded = {
    type: 'FetchRecorded',
    id: randomUUID(),
    site,
    ts: Date.parse(row.timestamp),
    user_agent: row.user_agent,
    method: row.method,
    hostname: row.hostname.toLowerCase(),
    pathname: row.pathname,
    status: row.status,
    bytes: row.bytes,
    duration_ms: row.duration_ms,
    content_type: row.content_type,
    conditional: row.conditional,
    address: (await deps.addressDigest(row.ip)).toString('hex'),
    ranges: deps.rangesFor(row.ip),
  };
  if (geo.country !== undefined) event.country = geo.country;
  if (geo.asn !== undefined) event.asn = geo.asn;
  return event;
}

/**
 * A server-rendered pageview through the tracker's own steps and enrichment, so both paths count
 * a person the same way; those steps may drop it (a crawler's user agent, an excluded path).
 */
export async function pageviewEvent(
  deps: EdgeDeps,
  site: number,
  row: HumanEventRow,
): Promise<{ event: HitRecorded } | { dropped: DropReason }> {
  const u = `https://${row.hostname}${row.pathname}${row.query ? `?${row.query}` : ''}`;
  const payload = {
    s: site,
    t: 'pageview',
    u,
    ...(row.referrer ? { r: row.referrer } : {}),
    ...(row.id ? { id: row.id } : {}),
  };
  const ctx: HitContext = {
    address: row.ip,
    userAgent: row.user_agent,
    receivedAt: Date.parse(row.timestamp),
    source: 'edge',
    optOut: false,
  };
  const screened = await screenHit(deps, payload, ctx);
  if (screened.kind === 'dropped') return { dropped: screened.reason };
  // The hostname was checked with the row; anything else forbidden would be a bug, not a drop.
  if (screened.kind === 'forbidden') throw new Error(`edge pageview refused: ${screened.message}`);
  const event = await enrichHit(deps, screened.payload, screened.site, screened.url, ctx);
  if (row.status !== undefined) event.status = row.status;
  if (row.duration_ms !== undefined) event.duration_ms = row.duration_ms;
  return { event };
}
