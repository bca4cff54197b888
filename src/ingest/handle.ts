import { AppError, type ErrorCode } from '../errors/app-error.js';
import type { HitRecorded } from '../../streams/events.js';
import {
  appendHits,
  type DropReason,
  type HitContext,
  type IngestDeps,
  type Outcome,
  prepareHits,
} from './pipeline.js';

export type Endpoint = 'track' | 'batch' | 'pixel';

const BATCH_MAX = 200;

/**
 * One request to a hit endpoint as the HTTP side hands it over: plain data (it crosses to the
 * ingest thread), nothing of Fastify's. The address stays in memory and goes no further than the
 * pipeline.
 */
export interface HitRequest {
  endpoint: Endpoint;
  /** The body as received (text for track and batch), or the pixel's payload. */
  body: unknown;
  ctx: HitContext;
}

/** What the HTTP side answers: the status, and the envelope's fields for an error. */
export interface HitAnswer {
  status: number;
  error?: { code: ErrorCode; message: string; field?: string };
  /** Why the hits could not be stored (status 503): logged with the request's id, never sent. */
  failure?: string;
}

/** Where a request's outcomes are counted: the metrics themselves, or a tally sent to them. */
export interface Tally {
  dropped(endpoint: Endpoint, reason: DropReason, n?: number): void;
  accepted(endpoint: Endpoint, kind: HitRecorded['kind'], n?: number): void;
}

/** The answer to a hit stored or silently dropped: the one nearly every request gets. */
export const STORED: HitAnswer = { status: 204 };
const PIXEL: HitAnswer = { status: 200 };

/** The answer to a hit dropped without a word: 204, or the pixel's image. */
export const silentAnswer = (endpoint: Endpoint): HitAnswer => (endpoint === 'pixel' ? PIXEL : STORED);

/**
 * Whole hit requests, many at once (the part of them the HTTP thread handed over): parse, validate,
 * enrich, rate-limit and append, each answered only once the stream acknowledged what it accepted.
 * Answers in the requests' order. Never rejects. What fails in one request's own steps is that
 * request's alone (a silent drop, or its 4xx); a 503 answers only what all of them share (Postgres
 * or the stream unavailable).
 */
export async function handleHitRequests(
  deps: IngestDeps,
  rs: readonly HitRequest[],
  tally: Tally,
): Promise<HitAnswer[]> {
  const answers = new Array<HitAnswer>(rs.length);
  const work: { i: number; inputs: readonly unknown[] }[] = [];
  rs.forEach((r, i) => {
    try {
      const inputs = hitInputs(r);
      if (inputs !== undefined) work.push({ i, inputs });
      else {
        tally.dropped(r.endpoint, 'malformed');
        answers[i] = silentAnswer(r.endpoint);
      }
    } catch (err) {
      if (err instanceof AppError) answers[i] = failed(err);
      else {
        tally.dropped(r.endpoint, 'unprocessable');
        answers[i] = silentAnswer(r.endpoint);
      }
    }
  });
  if (work.length === 0) return answers;
  let outcomes: Outcome[][];
  let failures: unknown[];
  try {
    outcomes = await prepareHits(
      deps,
      work.map((w) => ({ inputs: w.inputs, ctx: rs[w.i]!.ctx })),
    );
    failures = await appendHits(
      deps,
      outcomes.map((list) => list.flatMap((o) => (o.kind === 'accepted' ? [o.event] : []))),
    );
  } catch (err) {
    for (const w of work) answers[w.i] = failed(err);
    return answers;
  }
  work.forEach(({ i }, k) => {
    const { endpoint } = rs[i]!;
    const list = outcomes[k]!;
    const forbidden = list.find((o) => o.kind === 'forbidden');
    if (forbidden) answers[i] = failed(new AppError('forbidden', forbidden.message));
    else if (failures[k] !== undefined) answers[i] = failed(failures[k]);
    else {
      for (const o of list) {
        if (o.kind === 'dropped') tally.dropped(endpoint, o.reason);
        else if (o.kind === 'accepted') tally.accepted(endpoint, o.event.kind);
      }
      answers[i] = endpoint === 'pixel' ? PIXEL : STORED;
    }
  });
  return answers;
}

/** A refusal's answer (its envelope), or a 503 whose reason is logged, never sent. */
function failed(err: unknown): HitAnswer {
  // errorBody leaves an undefined field out of the envelope.
  if (err instanceof AppError)
    return { status: err.status, error: { code: err.code, message: err.message, field: err.field } };
  return { status: 503, failure: err instanceof Error ? err.message : String(err) };
}

/** The payloads of a request; undefined for a track body that is no JSON (a silent drop). */
function hitInputs(r: HitRequest): readonly unknown[] | undefined {
  if (r.endpoint === 'pixel') return [r.body];
  const input = parseJson(r.body);
  if (r.endpoint === 'track') return input === undefined ? undefined : [input];
  const list = Array.isArray(input)
    ? input
    : typeof input === 'object' && input !== null && Array.isArray((input as { events?: unknown }).events)
      ? (input as { events: unknown[] }).events
      : undefined;
  if (list === undefined)
    throw new AppError('validation_error', 'send a JSON array of hits, or {"events": [...]}', {
      field: 'events',
    });
  if (list.length > BATCH_MAX)
    throw new AppError('bad_request', `at most ${BATCH_MAX} hits per batch`, {
      status: 413,
      field: 'events',
    });
  return list;
}

function parseJson(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
