import { randomBytes } from 'node:crypto';
import type { WireRequest, WireResponse } from '../support/http-wire.js';

/** One account as the fuzz uses it: its session, its sites and the ids of what it owns. */
export interface Account {
  email: string;
  cookie: string;
  /** Where ordinary hits go: never changed by a fuzz case, so every ordinary hit must be stored. */
  ordinary: { id: number; domain: string };
  /** The site fuzz cases change (hostnames, excluded paths, policy files) and send hostile hits to. */
  target: { id: number; domain: string; ingestKey: string };
  key: string;
  keyId: number;
  goalId: number;
  funnelId: number;
  segmentId: number;
}

/** Account `a` is the fuzz's own; `b`'s ids are what `a` tries to reach across accounts. */
export interface World {
  a: Account;
  b: Account;
}

type Send = (r: WireRequest) => Promise<WireResponse>;

let addressSeq = 0;
const run = randomBytes(2).toString('hex');

/** A fresh documentation-range address, so no per-address limit sees two of the fuzz's requests. */
export function freshAddress(): string {
  addressSeq += 1;
  return `2001:db8:${run}:${(addressSeq >> 16).toString(16)}::${(addressSeq & 0xffff).toString(16)}`;
}

const json = (method: string, path: string, body: unknown, cookie?: string): WireRequest => ({
  method,
  path,
  headers: {
    'content-type': 'application/json',
    'x-forwarded-for': freshAddress(),
    ...(cookie ? { cookie } : {}),
  },
  body: Buffer.from(JSON.stringify(body)),
});

/** The fields of a created thing the fuzz keeps. */
interface Created {
  id: number;
  domain: string;
  ingest_key: string;
  key: string;
}

async function created(send: Send, r: WireRequest): Promise<Created> {
  const res = await send(r);
  if (res.status !== 201)
    throw new Error(`${r.method} ${r.path} answered ${res.status}, not 201: ${res.body.toString()}`);
  return (JSON.parse(res.body.toString()) as { data: Created }).data;
}

/** An account made over HTTP, as a person would: sign up, two sites, a key, a goal, a funnel, a segment. */
async function account(send: Send, name: string): Promise<Account> {
  const email = `fuzz-${name}-${run}@example.test`;
  const reg = await send(json('POST', '/api/auth/register', { email, password: 'correct horse battery' }));
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${reg.body.toString()}`);
  const setCookie = [reg.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('twofold_session='));
  if (setCookie === undefined) throw new Error('register set no session cookie');
  const cookie = setCookie.split(';')[0]!;
  const post = (path: string, body: unknown) => created(send, json('POST', path, body, cookie));
  const ordinary = await post('/api/sites', { domain: `ordinary-${name}.fuzz.example` });
  const target = await post('/api/sites', { domain: `target-${name}.fuzz.example` });
  const key = await post('/api/keys', { name: 'fuzz', site: target.id });
  const goal = await post('/api/goals', { site: target.id, path: '/fuzz-*' });
  const funnel = await post('/api/funnels', {
    site: target.id,
    name: 'f',
    steps: [{ path: '/a' }, { path: '/b*' }],
  });
  const filters = [{ dimension: 'pathname', op: 'contains', value: 'fuzz' }];
  const segment = await post('/api/segments', { site: target.id, name: 's', filters });
  return {
    email,
    cookie,
    ordinary: { id: ordinary.id, domain: ordinary.domain },
    target: { id: target.id, domain: target.domain, ingestKey: target.ingest_key },
    key: key.key,
    keyId: key.id,
    goalId: goal.id,
    funnelId: funnel.id,
    segmentId: segment.id,
  };
}

export async function makeWorld(send: Send): Promise<World> {
  return { a: await account(send, 'a'), b: await account(send, 'b') };
}
