import { randomUUID } from 'node:crypto';
import type { FetchRecorded } from '../../streams/events.js';
import { type IngestDeps, type Outcome, prepareHits } from '../ingest/pipeline.js';
import type { RangeMatch } from '../catalog/operator-ranges.js';
import type { SignatureChecker } from './bot-auth/check-signature.js';
import type { AgentEventRow, HumanEventRow } from './rows.js';

export interface EdgeDeps extends IngestDeps {
  /** The operators' published ranges containing an address, as known at ingest. */
  rangesFor: (ip: string) => RangeMatch[];
  /** Web Bot Auth: judges a row's signature claim. */
  signatures: SignatureChecker;
}

/** A crawl record as an event: enriched, digested, its signature judged, its address and headers dropped. */
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
  if (row.signature !== undefined || row.signature_input !== undefined)
    event.signature = await deps.signatures.check(
      {
        authority: event.hostname,
        method: row.method,
        path: row.pathname,
        signature: row.signature ?? '',
        signatureInput: row.signature_input ?? '',
        signatureAgent: row.signature_agent,
      },
      event.ts,
    );
  return event;
}

/** A pageview as the tracker would have sent it, had the page run it. */
function trackPayload(site: number, row: HumanEventRow) {
  return {
    s: site,
    t: 'pageview',
    u: `https://${row.hostname}${row.pathname}${row.query ? `?${row.query}` : ''}`,
    ...(row.referrer ? { r: row.referrer } : {}),
    ...(row.id ? { id: row.id } : {}),
    ...(row.key ? { k: row.key } : {}),
  };
}

/**
 * Server-rendered pageviews through the tracker's own pipeline (prepareHits), so both paths count
 * a person the same way; its steps may drop a row (a crawler's user agent, an excluded path). Each
 * row is a request of its own: its address, user agent and time. In the rows' order.
 */
export async function pageviewEvents(
  deps: EdgeDeps,
  site: number,
  rows: readonly HumanEventRow[],
): Promise<PageviewOutcome[]> {
  const outcomes = await prepareHits(
    deps,
    rows.map((row) => ({
      inputs: [trackPayload(site, row)],
      ctx: {
        address: row.ip,
        userAgent: row.user_agent,
        receivedAt: Date.parse(row.timestamp),
        source: 'edge',
        optOut: false,
      },
    })),
  );
  return outcomes.map((list, i): PageviewOutcome => {
    const outcome = list[0]!;
    // The hostname was checked with the row; anything else forbidden would be a bug, not a drop.
    if (outcome.kind === 'forbidden') throw new Error(`edge pageview refused: ${outcome.message}`);
    const row = rows[i]!;
    if (outcome.kind === 'accepted') {
      if (row.status !== undefined) outcome.event.status = row.status;
      if (row.duration_ms !== undefined) outcome.event.duration_ms = row.duration_ms;
    }
    return outcome;
  });
}

export type PageviewOutcome = Exclude<Outcome, { kind: 'forbidden' }>;
