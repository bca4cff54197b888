import fc from 'fast-check';
import type { WireRequest } from '../support/http-wire.js';
import { hostileJson, hostileQueryValue, queryEncode } from './arbitraries.js';
import {
  bodyEncoding,
  CONTENT_TYPES,
  encodeBody,
  forwardedFor,
  hostileHeaderValue,
} from './wire-arbitraries.js';
import { freshAddress, type World } from './world.js';

/** What the answer to one step must be beyond the rules every answer follows (oracle.ts). */
export interface Expect {
  /** The only statuses allowed. */
  status?: readonly number[];
  /** The error envelope's code and field (a 4xx answer). */
  code?: string;
  field?: string;
  /** Hit markers that must never be stored, whatever the answer. */
  neverStored?: readonly string[];
  /** Hit markers stored all (each exactly once) or none: a request is never half-stored. */
  allOrNone?: readonly string[];
  /** An MCP answer: a JSON-RPC error with this code and `error.data.code` (a batch as a whole). */
  rpcError?: { code: number; dataCode: string };
  /** An MCP answer whose every reply is an error of one of these `data.code`s (no data). */
  rpcRefused?: readonly string[];
}

/** What an answer is: an envelope route, a hit route (GIF or empty), or another body. */
export type RouteKind = 'json' | 'hit' | 'pixel' | 'mcp' | 'read' | 'other';

export interface Step {
  request?: WireRequest;
  /** Bytes sent as they are on a fresh connection (malformed HTTP). */
  raw?: Buffer;
  kind: RouteKind;
  /** Markers (pathnames) its hits carry: never stored when the answer is not 2xx. */
  markers: readonly string[];
  expect?: Expect;
}

export interface FuzzCase {
  endpoint: string;
  steps: Step[];
}

let markerSeq = 0;
/** A pathname no other hit has (its `z` ends it, so a truncated body names no other case's). */
export const hostileMarker = () => `/fuzz-hostile/${++markerSeq}z`;

export type Auth = 'cookie' | 'key' | 'none';

/** A valid request of an endpoint, before mutation: what the fuzz takes apart. */
export interface Template {
  method: string;
  path: string;
  query?: Record<string, string>;
  /** A JSON body (an object); its keys are the ones mutated. */
  body?: Record<string, unknown>;
  /** A body sent as it is (text/plain or prebuilt JSON). */
  text?: string;
  contentType?: string;
  auth: Auth;
  headers?: Record<string, string>;
  /** Keys a mutation may set besides the template's own. */
  extraKeys?: readonly string[];
}

type Mutation =
  | { m: 'query'; key: number; value: string }
  | { m: 'field'; key: number; value: string }
  | { m: 'body'; value: string }
  | { m: 'encoding'; how: ReturnType<typeof bodyEncoding.generate>['value'] }
  | { m: 'content-type'; value: string }
  | { m: 'auth'; to: Auth | 'garbage' }
  | { m: 'header'; name: string; value: string }
  | { m: 'forwarded'; value: string };

const HEADER_NAMES = [
  'user-agent',
  'referer',
  'origin',
  'cookie',
  'accept-encoding',
  'if-none-match',
  'dnt',
  'accept',
  'x-service-signature',
  'accept-language',
  'authorization',
];

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ m: fc.constant('query' as const), key: fc.nat(), value: hostileQueryValue }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ m: fc.constant('field' as const), key: fc.nat(), value: hostileJson }),
  },
  { weight: 2, arbitrary: fc.record({ m: fc.constant('body' as const), value: hostileJson }) },
  { weight: 1, arbitrary: fc.record({ m: fc.constant('encoding' as const), how: bodyEncoding }) },
  {
    weight: 1,
    arbitrary: fc.record({
      m: fc.constant('content-type' as const),
      value: fc.constantFrom(...CONTENT_TYPES),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      m: fc.constant('auth' as const),
      to: fc.constantFrom('cookie' as const, 'key' as const, 'none' as const, 'garbage' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      m: fc.constant('header' as const),
      name: fc.constantFrom(...HEADER_NAMES),
      value: hostileHeaderValue,
    }),
  },
  { weight: 1, arbitrary: fc.record({ m: fc.constant('forwarded' as const), value: forwardedFor }) },
);

/** None (the valid request, a tenth of the time) to three mutations of a template. */
export const mutations = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Mutation[]>([]) },
  { weight: 9, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }) },
);

const pick = <T>(list: readonly T[], i: number): T | undefined =>
  list.length ? list[i % list.length] : undefined;

/** The template with its mutations applied, as bytes on the wire. */
export function build(t: Template, ms: readonly Mutation[], w: World): WireRequest {
  const query = new Map(Object.entries(t.query ?? {}).map(([k, v]) => [k, queryEncode(v)]));
  const fields = new Map(Object.entries(t.body ?? {}).map(([k, v]) => [k, JSON.stringify(v)]));
  const headers: Record<string, string> = { 'x-forwarded-for': freshAddress(), ...t.headers };
  let whole: string | undefined = t.text;
  let encoding: Parameters<typeof encodeBody>[1] = 'utf8';
  let contentType = t.contentType ?? (t.body !== undefined ? 'application/json' : undefined);
  let auth: Auth | 'garbage' = t.auth;
  const keys = [...query.keys(), ...fields.keys(), ...(t.extraKeys ?? [])];
  for (const m of ms) {
    if (m.m === 'query') query.set(pick(keys, m.key) ?? 'site', m.value);
    else if (m.m === 'field') fields.set(pick(keys, m.key) ?? 'site', m.value);
    else if (m.m === 'body') whole = m.value;
    else if (m.m === 'encoding') encoding = m.how;
    else if (m.m === 'content-type') contentType = m.value;
    else if (m.m === 'auth') auth = m.to;
    else if (m.m === 'header') headers[m.name] = m.value;
    else headers['x-forwarded-for'] = m.value;
  }
  if (auth === 'cookie') headers.cookie ??= w.a.cookie;
  if (auth === 'key') headers.authorization ??= `Bearer ${w.a.key}`;
  if (auth === 'garbage') headers.authorization ??= 'Bearer tf_garbage';
  if (contentType !== undefined) headers['content-type'] ??= contentType;
  const text =
    whole ??
    (fields.size > 0 || t.body
      ? `{${[...fields].map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`
      : undefined);
  const qs = [...query].map(([k, v]) => `${queryEncode(k)}=${v}`).join('&');
  return {
    method: t.method,
    path: qs ? `${t.path}?${qs}` : t.path,
    headers,
    ...(text !== undefined && t.method !== 'GET' ? { body: encodeBody(text, encoding) } : {}),
  };
}

/** The fuzz's markers wherever a request carries them (path, query or body), mutated or not. */
export function markersOf(r: WireRequest): string[] {
  const text = `${r.path} ${r.body?.toString('latin1') ?? ''}`;
  return [...text.matchAll(/\/fuzz-hostile\/\d+z/g)].map((m) => m[0]);
}

/** A case of one step: the template mutated, answered as `kind` says. */
export const mutated = (endpoint: string, kind: RouteKind, w: World, template: fc.Arbitrary<Template>) =>
  fc.tuple(template, mutations).map(([t, ms]): FuzzCase => {
    const request = build(t, ms, w);
    return { endpoint, steps: [{ request, kind, markers: markersOf(request) }] };
  });

export type Gen = (w: World) => fc.Arbitrary<FuzzCase>;

/** An endpoint's name and its generator: its template, mutated. */
export const endpoint = (
  name: string,
  kind: RouteKind,
  template: (w: World) => fc.Arbitrary<Template>,
): [string, Gen] => [name, (w) => mutated(name, kind, w, template(w))];

export const fixed = (x: Template) => fc.constant(x);

/** A template made afresh for every case: its markers, addresses and names are its own. */
export const fresh = (make: () => Template) => fc.nat().map(() => make());
