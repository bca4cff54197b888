import fc from 'fast-check';
import { endpoint, fixed, fresh, type Gen, hostileMarker, mutated, type Template } from './case.js';
import { BROWSER, signed, trackBody } from './hits.js';
import type { World } from './world.js';

let seq = 0;

/** The endpoints anyone may call: hits, edge logs, the script, health, sign-up and sign-in. */
export const PUBLIC_ENDPOINTS: readonly [string, Gen][] = [
  endpoint('POST /api/track', 'hit', (w) =>
    fresh(() => ({
      method: 'POST',
      path: '/api/track',
      body: trackBody(w.a.target, hostileMarker()),
      contentType: 'text/plain',
      auth: 'none',
      headers: { 'user-agent': BROWSER },
    })),
  ),
  endpoint('GET /api/track/pixel.gif', 'pixel', (w) =>
    fresh(() => ({
      method: 'GET',
      path: '/api/track/pixel.gif',
      query: {
        s: String(w.a.target.id),
        u: `https://${w.a.target.domain}${hostileMarker()}`,
        p: '{"k":"v"}',
      },
      auth: 'none',
      headers: { 'user-agent': BROWSER },
      extraKeys: ['e', 'rv', 'n', 't', 'w', 'sc', 'k'],
    })),
  ),
  [
    'POST /api/track/batch',
    (w) =>
      mutated(
        'POST /api/track/batch',
        'hit',
        w,
        fc.nat(5).map((n) => {
          const hits = Array.from({ length: n + 1 }, () => trackBody(w.a.target, hostileMarker()));
          return {
            method: 'POST',
            path: '/api/track/batch',
            body: { events: hits },
            auth: 'none' as const,
            headers: { 'user-agent': BROWSER },
          };
        }),
      ),
  ],
  endpoint('OPTIONS /api/track', 'other', () =>
    fixed({
      method: 'OPTIONS',
      path: '/api/track',
      auth: 'none',
      headers: { origin: 'https://x.example', 'access-control-request-method': 'POST' },
    }),
  ),
  [
    'POST /api/log/edge',
    (w) =>
      fc
        .tuple(
          mutated(
            'POST /api/log/edge',
            'json',
            w,
            fresh(() => edgeTemplate(w)),
          ),
          fc.boolean(),
        )
        .map(([c, sign]) => {
          const step = c.steps[0]!;
          const request = sign ? signed(step.request!, w.a.target.ingestKey) : step.request!;
          return {
            ...c,
            endpoint: sign ? 'POST /api/log/edge (signed)' : 'POST /api/log/edge',
            steps: [{ ...step, request }],
          };
        }),
  ],
  endpoint('GET /js/script.js', 'other', () =>
    fixed({ method: 'GET', path: '/js/script.js', auth: 'none', headers: { 'accept-encoding': 'gzip' } }),
  ),
  endpoint('GET /healthz', 'other', () => fixed({ method: 'GET', path: '/healthz', auth: 'none' })),
  endpoint('GET /metrics', 'other', () => fixed({ method: 'GET', path: '/metrics', auth: 'none' })),
  endpoint('POST /api/auth/register', 'json', () =>
    fresh(() => ({
      method: 'POST',
      path: '/api/auth/register',
      body: { email: `r${++seq}@fuzz.example`, password: 'correct horse battery' },
      auth: 'none',
    })),
  ),
  endpoint('POST /api/auth/login', 'json', (w) =>
    fixed({
      method: 'POST',
      path: '/api/auth/login',
      body: { email: w.b.email, password: 'wrong password' },
      auth: 'none',
    }),
  ),
  endpoint('POST /api/auth/logout', 'json', () =>
    fixed({
      method: 'POST',
      path: '/api/auth/logout',
      auth: 'none',
      headers: { cookie: 'twofold_session=garbage' },
    }),
  ),
  endpoint('POST /api/auth/forgot-password', 'json', (w) =>
    fixed({ method: 'POST', path: '/api/auth/forgot-password', body: { email: w.b.email }, auth: 'none' }),
  ),
  endpoint('POST /api/auth/reset-password', 'json', () =>
    fixed({
      method: 'POST',
      path: '/api/auth/reset-password',
      body: { token: 'tf_reset_nonsense', password: 'correct horse battery' },
      auth: 'none',
    }),
  ),
];

function edgeTemplate(w: World): Template {
  const now = new Date().toISOString();
  const row = {
    timestamp: now,
    user_agent: 'Mozilla/5.0 (compatible; GPTBot/1.2)',
    ip: '20.15.240.64',
    hostname: w.a.target.domain,
  };
  return {
    method: 'POST',
    path: '/api/log/edge',
    body: {
      site_id: w.a.target.id,
      agent_events: [
        {
          ...row,
          method: 'GET',
          pathname: hostileMarker(),
          status: 200,
          bytes: 10,
          duration_ms: 1,
          content_type: 'text/html',
          conditional: 0,
        },
      ],
      events: [
        {
          ...row,
          user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
          ip: '2001:db8::1',
          pathname: hostileMarker(),
        },
      ],
    },
    auth: 'none',
  };
}
