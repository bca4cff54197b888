import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface SiteWithKey {
  id: number;
  domain: string;
  timezone: string;
  hostnames: string[];
  ingest_key: string;
}

let seq = 0;
const run = randomBytes(3).toString('hex');

/** A fresh documentation-range address per call, so helper sign-ups never meet the register limit. */
export function uniqueAddress(): string {
  seq += 1;
  return `2001:db8:${run.slice(0, 4)}::${seq.toString(16)}`;
}

export function uniqueEmail(): string {
  seq += 1;
  return `user-${run}-${seq}@example.test`;
}

/** The `twofold_session=…` request header value from a response that set the cookie. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'twofold_session');
  if (c === undefined) throw new Error(`no session cookie in a ${res.statusCode} response: ${res.body}`);
  return `twofold_session=${c.value}`;
}

export async function signUp(
  app: FastifyInstance,
  email = uniqueEmail(),
  password = 'correct horse battery',
): Promise<{ cookie: string; userId: number; email: string; password: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: uniqueAddress(),
    payload: { email, password },
  });
  if (res.statusCode !== 201) throw new Error(`register answered ${res.statusCode}: ${res.body}`);
  return { cookie: sessionCookie(res), userId: res.json().data.user.id, email, password };
}

export async function createSite(
  app: FastifyInstance,
  cookie: string,
  body: Record<string, unknown> = { domain: `site-${++seq}.example` },
): Promise<SiteWithKey> {
  const res = await app.inject({ method: 'POST', url: '/api/sites', headers: { cookie }, payload: body });
  if (res.statusCode !== 201) throw new Error(`create site answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

export async function createKey(
  app: FastifyInstance,
  cookie: string,
  siteId: number,
  name = 'test key',
): Promise<{ id: number; key: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/keys',
    headers: { cookie },
    payload: { name, site: siteId },
  });
  if (res.statusCode !== 201) throw new Error(`create key answered ${res.statusCode}: ${res.body}`);
  const { id, key } = res.json().data;
  return { id, key };
}
