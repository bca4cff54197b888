import type { WireRequest } from '../support/http-wire.js';
import { type FuzzCase, markersOf, type RouteKind, type Step } from './case.js';
import { BROWSER } from './hits.js';
import { freshAddress } from './world.js';

/* Requests built whole (not by mutation), for cases that expect one exact answer. */

export type Auth = { cookie?: string; key?: string };
export const request = (
  method: string,
  path: string,
  body?: string,
  auth: Auth = {},
  type = 'application/json',
): WireRequest => ({
  method,
  path,
  headers: {
    'x-forwarded-for': freshAddress(),
    'user-agent': BROWSER,
    ...(body !== undefined ? { 'content-type': type } : {}),
    ...(auth.cookie ? { cookie: auth.cookie } : {}),
    ...(auth.key ? { authorization: `Bearer ${auth.key}` } : {}),
  },
  ...(body !== undefined ? { body: Buffer.from(body) } : {}),
});
export const step = (r: WireRequest, kind: RouteKind, expect?: Step['expect']): Step => ({
  request: r,
  kind,
  markers: markersOf(r),
  expect,
});
export const one = (endpoint: string, s: Step): FuzzCase => ({ endpoint, steps: [s] });
