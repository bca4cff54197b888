import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { join } from 'node:path';
import { loadCatalog } from '../catalog/agents.js';
import { loadOperatorRanges } from '../catalog/operator-ranges.js';
import { subjectFor } from '../../streams/subjects.js';
import { streamLayout } from '../config.js';
import { allowOriginHook, preflight } from '../http/cross-origin.js';
import type { AppDeps } from '../http/deps.js';
import { AppError, fromZod } from '../errors/app-error.js';
import { errorBody } from '../http/errors.js';
import { assertJsonDepth } from '../input/json-depth.js';
import { child } from '../metrics.js';
import { keepBodiesRaw } from '../http/raw-bodies.js';
import { DailySalts } from '../ingest/salts.js';
import { hostnameBelongs, SiteCache } from '../ingest/site-cache.js';
import { addressDigestNow } from '../ratelimit/address.js';
import { BatchedWindowLimiter } from '../ratelimit/batched-window.js';
import type { Site } from '../sites/sites.js';
import { SIGNATURE_AGENTS } from '../catalog/signature-agents.js';
import { signatureChecker } from './bot-auth/check-signature.js';
import { KeyDirectories } from './bot-auth/key-directory.js';
import { claimSignature, releaseSignature } from './replay.js';
import { AgentEventRow, EdgeBody, HumanEventRow, MAX_ROWS, SERVER_ONLY_KEYS } from './rows.js';
import { verifySignature } from './signature.js';
import { type EdgeDeps, fetchEvent, pageviewEvents } from './to-events.js';
import { createEdgeVerifier, offerFetches } from '../verify/edge-verifier.js';

const BODY_LIMIT = 2 * 1024 * 1024;
const RETRY_AFTER_S = 60;

type RowField = 'agent_events' | 'events';

/** Each row checked on its own, so the error names it: `agent_events[3].status`. */
function validRows<S extends z.ZodType>(
  site: Site,
  field: RowField,
  rows: unknown[],
  schema: S,
): z.infer<S>[] {
  return rows.map((row, i) => {
    const at = `${field}[${i}]`;
    if (typeof row === 'object' && row !== null)
      for (const key of SERVER_ONLY_KEYS)
        if (key in row)
          throw new AppError('validation_error', `${key} is established by the server; do not send it`, {
            field: `${at}.${key}`,
          });
    const r = schema.safeParse(row);
    if (!r.success) {
      const issue = r.error.issues[0];
      if (issue?.code === 'unrecognized_keys')
        throw new AppError('validation_error', `unknown key ${issue.keys[0]}`, {
          field: `${at}.${issue.keys[0]}`,
        });
      throw fromZod(r.error, at);
    }
    const data = r.data as { hostname: string };
    if (!hostnameBelongs(site, data.hostname))
      throw new AppError('validation_error', 'hostname does not belong to the site', {
        field: `${at}.hostname`,
      });
    return r.data;
  });
}

export const edgeRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { rangesFor } = loadOperatorRanges(join(deps.config.catalogDir, 'ranges'));
  const sites = new SiteCache(deps.db);
  const edge: EdgeDeps = {
    sites,
    salts: new DailySalts(deps.db),
    appender: deps.appender,
    geo: deps.geo,
    // Rows are not counted one by one: the edge's limit is on its requests (`shipments`).
    limiter: null,
    addressDigest: (address) => addressDigestNow(deps.db, address),
    layout: streamLayout(deps.config),
    rangesFor,
    signatures: signatureChecker(
      SIGNATURE_AGENTS,
      new Map(deps.config.AGENT_KEY_DIRECTORY_URLS.map((o) => [o.origin, o.url])),
      new KeyDirectories({ allowPrivate: deps.config.POLICY_FETCH_PRIVATE }),
    ),
  };
  // Reverse DNS checks of agents' addresses, after the shipment is stored and never awaited by it.
  const catalog = loadCatalog(deps.config.catalogDir);
  const verifier = createEdgeVerifier(deps, edge.layout);
  app.addHook('onClose', () => verifier.close());

  // Exact across instances (no local allowance): a shipment is heavy, its round trip is not.
  const shipments = new BatchedWindowLimiter(deps.db, {
    limit: deps.config.EDGE_RATE_LIMIT,
    windowSeconds: 60,
  });

  // The signature covers the body's exact bytes, so it is kept as received.
  keepBodiesRaw(app, 'buffer', BODY_LIMIT);

  app.options('/api/log/edge', preflight(['POST']));
  app.post('/api/log/edge', { bodyLimit: BODY_LIMIT, onRequest: allowOriginHook }, async (req, reply) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const text = raw.toString('utf8');
    assertJsonDepth(text);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError('bad_request', 'body is not valid JSON');
    }
    const siteId = (json as { site_id?: unknown } | null)?.site_id;
    if (typeof siteId !== 'number' || !Number.isSafeInteger(siteId) || siteId <= 0)
      throw new AppError('validation_error', 'site_id must be a positive integer', { field: 'site_id' });
    const site = await sites.get(siteId);
    if (!site) throw new AppError('unauthorized', 'unknown site or bad signature');
    const signature = verifySignature(
      req.headers['x-service-signature'] as string | undefined,
      raw,
      site.ingestKey,
    );
    if (!signature.ok) throw new AppError('unauthorized', signature.reason);

    if (!(await shipments.allow(`edge:${site.id}`, await edge.addressDigest(req.ip))))
      throw new AppError('rate_limited', 'too many edge requests for this site; retry after 60 seconds', {
        headers: { 'retry-after': String(RETRY_AFTER_S) },
      });

    const body = EdgeBody.safeParse(json);
    if (!body.success) throw fromZod(body.error);
    for (const field of ['agent_events', 'events'] as const)
      if (body.data[field].length > MAX_ROWS)
        throw new AppError('bad_request', `at most ${MAX_ROWS} rows in ${field}`, { status: 413, field });
    const agentRows = validRows(site, 'agent_events', body.data.agent_events, AgentEventRow);
    const humanRows = validRows(site, 'events', body.data.events, HumanEventRow);

    if (!(await claimSignature(deps.db, signature.digest)))
      throw new AppError('conflict', 'this signature was already accepted; sign every attempt afresh');
    try {
      const fetches = await Promise.all(agentRows.map((r) => fetchEvent(edge, site.id, r)));
      const outcomes = await pageviewEvents(edge, site.id, humanRows);
      const pageviews = outcomes.flatMap((o) => (o.kind === 'accepted' ? [o.event] : []));
      const events = [...fetches, ...pageviews];
      if (events.length > 0)
        await deps.appender.appendAtomic(subjectFor(edge.layout, site.id, 'edge'), events);
      const addresses = agentRows.map((r) => r.ip);
      setImmediate(() => offerFetches(verifier, catalog, fetches, addresses));
      child(deps.metrics.hitsAccepted, 'edge', 'agent_fetch').inc(fetches.length);
      for (const { signature: v } of fetches)
        if (v) child(deps.metrics.agentSignatures, v.result, v.reason ?? '').inc();
      child(deps.metrics.hitsAccepted, 'edge', 'pageview').inc(pageviews.length);
      for (const o of outcomes)
        if (o.kind === 'dropped') child(deps.metrics.hitsDropped, 'edge', o.reason).inc();
      return reply
        .status(202)
        .send({ data: { accepted: { agent_events: fetches.length, events: pageviews.length } } });
    } catch (err) {
      await releaseSignature(deps.db, signature.digest).catch(() => {});
      if (err instanceof AppError) throw err;
      req.log.error({ err }, 'edge request not stored');
      return reply
        .status(503)
        .send(errorBody('upstream_error', 'the request could not be stored; retry with a new signature'));
    }
  });
};
