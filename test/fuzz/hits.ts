import { createHmac } from 'node:crypto';
import type { WireRequest } from '../support/http-wire.js';
import { freshAddress, type World } from './world.js';

export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** A valid tracker payload for a page of `site` at `pathname`. */
export const trackBody = (site: { id: number; domain: string }, pathname: string) => ({
  s: site.id,
  u: `https://${site.domain}${pathname}`,
  r: 'https://referrer.example/',
  w: 1280,
  p: { plan: 'pro' },
});

/** The request with a valid edge signature over its body as it will be sent. */
export function signed(r: WireRequest, ingestKey: string): WireRequest {
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', ingestKey)
    .update(`${t}.`)
    .update(r.body ?? Buffer.alloc(0))
    .digest('hex');
  return { ...r, headers: { ...r.headers, 'x-service-signature': `t=${t},v1=${v1}` } };
}

/** Ordinary traffic's marker pathnames: every one must be stored exactly once. */
export const ORDINARY_PREFIX = '/fuzz-ordinary/';

export interface OrdinaryHit {
  request: WireRequest;
  /** 204, or the pixel's 200. */
  status: number;
  markers: string[];
}

let seq = 0;

/**
 * The n-th ordinary hit of a run: a tracked pageview, a pixel or a small batch by turns, each from
 * an address of its own (the service trusts X-Forwarded-For here), so no limit drops one.
 */
export function ordinaryHit(w: World): OrdinaryHit {
  const n = ++seq;
  const marker = (k = 0) => `${ORDINARY_PREFIX}${n}-${k}`;
  const headers = { 'user-agent': BROWSER, 'x-forwarded-for': freshAddress() };
  const site = w.a.ordinary;
  if (n % 7 === 0) {
    const u = encodeURIComponent(`https://${site.domain}${marker()}`);
    return {
      request: { method: 'GET', path: `/api/track/pixel.gif?s=${site.id}&u=${u}`, headers },
      status: 200,
      markers: [marker()],
    };
  }
  if (n % 5 === 0) {
    const hits = [0, 1, 2].map((k) => trackBody(site, marker(k)));
    return {
      request: json('/api/track/batch', hits, headers),
      status: 204,
      markers: hits.map((_, k) => marker(k)),
    };
  }
  return {
    request: json('/api/track', trackBody(site, marker()), headers),
    status: 204,
    markers: [marker()],
  };
}

const json = (path: string, body: unknown, headers: Record<string, string>): WireRequest => ({
  method: 'POST',
  path,
  headers: { ...headers, 'content-type': 'text/plain' },
  body: Buffer.from(JSON.stringify(body)),
});
