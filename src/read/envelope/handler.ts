import type { FastifyReply, FastifyRequest } from 'fastify';
import { authorizeSiteRead, type Principal } from '../../auth/guards.js';
import type { Db } from '../../db/sql.js';
import { AppError } from '../../errors/app-error.js';
import { parseInput } from '../../input/parse-input.js';
import type { Site } from '../../sites/sites.js';
import { rawRowsFrom } from '../../retention/raw-rows.js';
import { withReadSlot } from '../budget/read-budget.js';
import type { ReadDeps } from '../read-deps.js';
import { QueryEnvelope, type Query, understand } from './query.js';
import type { ReadVariant, Report } from './report.js';
import { readSegment } from './share-limits.js';
import { type Envelope, respond } from './respond.js';

export interface ReadRequest {
  q: Query;
  variant: ReadVariant;
  params: unknown;
  /** The report read (the one chosen from the input, when a function chose it). */
  report: Report;
  /** The site the principal may read. */
  site: Site;
}

/**
 * A read request checked in the one order every read uses: credential (401) and the read budget
 * (429), both in `withReadSlot`, then the envelope, the audience and the read's own parameters
 * (400), then access to the site and a shared link's readership (403); then the query as
 * understood, a shared link's segment ANDed onto its filters. `which` may be a function
 * choosing the report from the input (exports' `report` parameter): its errors are the
 * parameters' 400s. The tool endpoint authenticates once per HTTP request and checks each call's
 * arguments here. `now` ends the ranges that end now (a benchmark sets it on its data set).
 */
export async function checkedRead(
  db: Db,
  principal: Principal,
  which: Report | ((input: unknown) => Report),
  input: unknown,
  now: Date = new Date(),
): Promise<ReadRequest> {
  const report = typeof which === 'function' ? which(input) : which;
  const { own, rest } = takeOwnKeys(report, input);
  const parsed = parseInput(QueryEnvelope, rest);
  const env = { ...parsed, audience: parsed.audience ?? report.audience ?? 'human' };
  const variant = report.variants[env.audience];
  if (!variant)
    throw new AppError(
      'validation_error',
      `${report.name} has no meaning for audience=${env.audience}; audience must be one of ${Object.keys(report.variants).join(', ')}`,
      { field: 'audience' },
    );
  const params = { ...(parseInput(variant.params, rest) as object), ...own };
  const site = await authorizeSiteRead(db, principal, env.site);
  const segment = await readSegment(db, principal, site.id, env.audience, env.segment);
  return { q: understand(env, site, now, segment), variant, params, report, site };
}

/** The report's own keys (`Report.ownKeys`) checked, and the rest of the input for the envelope. */
function takeOwnKeys(report: Report, input: unknown): { own: object; rest: unknown } {
  if (!report.ownKeys || typeof input !== 'object' || input === null) return { own: {}, rest: input };
  const keys = new Set(Object.keys(report.ownKeys.shape));
  const entries = Object.entries(input);
  return {
    own: parseInput(report.ownKeys, Object.fromEntries(entries.filter(([k]) => keys.has(k)))),
    rest: Object.fromEntries(entries.filter(([k]) => !keys.has(k))),
  };
}

/** The checked request's read, in the response envelope. */
export async function answer(
  readDb: Db,
  { q, variant, params }: ReadRequest,
  startedAt: number,
): Promise<Envelope<unknown>> {
  const data = await variant.read(readDb, q, params);
  const kept = await rawRowsFrom(readDb);
  return respond(q, data, startedAt, {
    rows: variant.rows?.(data),
    extra: { ...variant.meta?.(data), ...rawRowsMeta(q, kept) },
  });
}

/**
 * `raw_rows_from` when RAW_RETENTION_MONTHS deleted raw rows the window (or its comparison) starts
 * before: figures a read takes from raw rows count only from then on; those from rollups are whole.
 */
export function rawRowsMeta(q: Query, kept: Date | null): { raw_rows_from?: string } {
  if (kept === null) return {};
  const first = Math.min(q.start.getTime(), q.comparison?.start.getTime() ?? Infinity);
  return first < kept.getTime() ? { raw_rows_from: kept.toISOString() } : {};
}

/** The one way a read answers over HTTP: the checked request, the read, the response envelope. */
export function envelopeRead(
  deps: Pick<ReadDeps, 'db' | 'readDb' | 'readSlots'>,
  report: Report,
): (req: FastifyRequest, reply: FastifyReply) => Promise<Envelope<unknown>> {
  return async (req, reply) => {
    const startedAt = performance.now();
    // A path parameter (`/funnel/:id`) is one of the read's parameters like any in the query.
    const input = { ...(req.query as object), ...(req.params as object) };
    return withReadSlot(deps, req, reply, { allowSession: true, allowShare: true }, async (principal) =>
      answer(deps.readDb, await checkedRead(deps.db, principal, report, input), startedAt),
    );
  };
}
