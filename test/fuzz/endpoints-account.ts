import fc from 'fast-check';
import { endpoint, fixed, fresh, type Gen, mutated } from './case.js';
import { EXPORT_REPORTS, MCP_TOOLS, READS, readQuery, withId } from './routes.js';
import type { World } from './world.js';

const either = fc.constantFrom('cookie' as const, 'key' as const);
let seq = 0;

/** What a signed-in user or an API key calls: sites, keys, goals, funnels, segments, reads, MCP. */
export const ACCOUNT_ENDPOINTS: readonly [string, Gen][] = [
  endpoint('GET /api/sites', 'json', () =>
    either.map((auth) => ({ method: 'GET', path: '/api/sites', auth })),
  ),
  endpoint('POST /api/sites', 'json', () =>
    fresh(() => ({
      method: 'POST',
      path: '/api/sites',
      body: { domain: `s${++seq}.fuzz.example`, timezone: 'UTC', excluded_paths: ['/x/*'] },
      auth: 'cookie',
      extraKeys: ['hostnames', 'respect_dnt'],
    })),
  ),
  endpoint('GET /api/sites/:id', 'json', (w) =>
    fixed({ method: 'GET', path: `/api/sites/${w.a.target.id}`, auth: 'cookie' }),
  ),
  endpoint('GET /api/sites/:id/ingest-key', 'json', (w) =>
    fixed({ method: 'GET', path: `/api/sites/${w.a.target.id}/ingest-key`, auth: 'cookie' }),
  ),
  endpoint('PATCH /api/sites/:id', 'json', (w) =>
    fixed({
      method: 'PATCH',
      path: `/api/sites/${w.a.target.id}`,
      body: {
        excluded_paths: ['/*a*a*a*b'],
        hostnames: [w.a.target.domain],
        timezone: 'Europe/Berlin',
        respect_dnt: false,
      },
      auth: 'cookie',
    }),
  ),
  ...['robots.txt', 'llms.txt'].map((file) =>
    endpoint(`PUT /api/sites/:id/policy/${file}`, 'json', (w) =>
      fixed({
        method: 'PUT',
        path: `/api/sites/${w.a.target.id}/policy/${file}`,
        text: 'User-agent: *\nDisallow: /private\n',
        contentType: 'text/plain',
        auth: 'cookie',
      }),
    ),
  ),
  endpoint('GET /api/sites/:id/robots/suggest', 'json', (w) =>
    either.map((auth) => ({
      method: 'GET',
      path: `/api/sites/${w.a.target.id}/robots/suggest`,
      query: { training: 'disallow', agents: 'gptbot:allow,bytespider:disallow' },
      auth,
      extraKeys: ['search', 'user_action', 'other'],
    })),
  ),
  endpoint('GET /api/sites/:id/members', 'json', (w) =>
    fixed({ method: 'GET', path: `/api/sites/${w.a.target.id}/members`, auth: 'cookie' }),
  ),
  endpoint('POST /api/sites/:id/members', 'json', (w) =>
    fresh(() => ({
      method: 'POST',
      path: `/api/sites/${w.a.target.id}/members`,
      body: { email: `invited-${++seq}@fuzz.example`, role: 'viewer' },
      auth: 'cookie',
    })),
  ),
  endpoint('POST /api/invitations/:token/accept', 'json', () =>
    fixed({ method: 'POST', path: `/api/invitations/inv_${'A'.repeat(43)}/accept`, auth: 'cookie' }),
  ),
  endpoint('POST /api/keys', 'json', (w) =>
    fixed({
      method: 'POST',
      path: '/api/keys',
      body: { name: 'k', site: w.a.target.id, scopes: ['stats:read'] },
      auth: 'cookie',
    }),
  ),
  endpoint('GET /api/keys', 'json', () => fixed({ method: 'GET', path: '/api/keys', auth: 'cookie' })),
  endpoint('DELETE /api/keys/:id', 'json', () =>
    fc
      .constantFrom('0', '-1', 'x', '1e400', '9007199254740993', '%00')
      .map((id) => ({ method: 'DELETE', path: `/api/keys/${id}`, auth: 'cookie' as const })),
  ),
  ...(['goals', 'funnels', 'segments'] as const).flatMap((kind) => [
    endpoint(`POST /api/${kind}`, 'json', (w) =>
      fixed({
        method: 'POST',
        path: `/api/${kind}`,
        body: createBody(kind, w),
        auth: 'cookie',
        extraKeys: ['event', 'currency', 'window_minutes'],
      }),
    ),
    endpoint(`GET /api/${kind}`, 'json', (w) =>
      fixed({ method: 'GET', path: `/api/${kind}`, query: { site: String(w.a.target.id) }, auth: 'cookie' }),
    ),
    endpoint(`DELETE /api/${kind}/:id`, 'json', () =>
      fc
        .constantFrom('0', 'x', '18446744073709551616', '%ff')
        .map((id) => ({ method: 'DELETE', path: `/api/${kind}/${id}`, auth: 'cookie' as const })),
    ),
  ]),
  endpoint('POST /api/sites/:id/subscriptions', 'json', (w) =>
    fixed({
      method: 'POST',
      path: `/api/sites/${w.a.target.id}/subscriptions`,
      body: { kind: 'spike', threshold: 100 },
      auth: 'cookie',
    }),
  ),
  endpoint('GET /api/sites/:id/subscriptions', 'json', (w) =>
    fixed({ method: 'GET', path: `/api/sites/${w.a.target.id}/subscriptions`, auth: 'cookie' }),
  ),
  endpoint('DELETE /api/subscriptions/:id', 'json', () =>
    fc
      .constantFrom('0', 'x', '18446744073709551616', '%ff')
      .map((id) => ({ method: 'DELETE', path: `/api/subscriptions/${id}`, auth: 'cookie' as const })),
  ),
  endpoint('GET /api/segments/:id', 'json', (w) =>
    fixed({ method: 'GET', path: `/api/segments/${w.a.segmentId}`, auth: 'cookie' }),
  ),
  endpoint('PATCH /api/segments/:id', 'json', (w) =>
    fixed({
      method: 'PATCH',
      path: `/api/segments/${w.a.segmentId}`,
      body: { name: 'n', filters: [{ dimension: 'pathname', op: 'is', value: '/' }] },
      auth: 'cookie',
    }),
  ),
  [
    'GET <read>',
    (w) =>
      fc.tuple(fc.constantFrom(...READS), either).chain(([r, auth]) =>
        mutated(
          `GET ${r.path}`,
          'read',
          w,
          fc.constant({
            method: 'GET',
            path: withId(r.path, w),
            query: readQuery(r.path, w.a.target.id),
            auth,
            extraKeys: r.keys,
          }),
        ),
      ),
  ],
  ...(['csv', 'pdf'] as const).map((ext): [string, Gen] => [
    `GET /api/stats/export.${ext}`,
    (w) =>
      fc.tuple(fc.constantFrom(...EXPORT_REPORTS), either).chain(([report, auth]) =>
        mutated(
          `GET /api/stats/export.${ext}`,
          'read',
          w,
          fc.constant({
            method: 'GET',
            path: `/api/stats/export.${ext}`,
            query: { report, ...readQuery(report, w.a.target.id) },
            auth,
            extraKeys: ['limit', 'page', 'filters', 'id', 'dimension', 'metric'],
          }),
        ),
      ),
  ]),
  [
    'POST /api/mcp',
    (w) =>
      fc.constantFrom(...MCP_TOOLS).chain((name) =>
        mutated(
          'POST /api/mcp',
          'mcp',
          w,
          fc.constant({
            method: 'POST',
            path: '/api/mcp',
            body: {
              jsonrpc: '2.0',
              id: 1,
              method: 'tools/call',
              params: {
                name,
                arguments: {
                  site: w.a.target.id,
                  range: '7d',
                  ...(name === 'get_breakdown' ? { dimension: 'pathname' } : {}),
                },
              },
            },
            auth: 'key',
            extraKeys: ['params', 'method', 'id'],
          }),
        ),
      ),
  ],
  endpoint('GET /api/mcp', 'json', () => fixed({ method: 'GET', path: '/api/mcp', auth: 'key' })),
  endpoint('GET <unknown>', 'json', () =>
    fc
      .constantFrom(
        '/api/nope',
        '/%zz',
        '/api/stats/%00',
        '/..%2f..%2fetc/passwd',
        '/api/sites/%E0%A4%A',
        `/${'a/'.repeat(3000)}`,
      )
      .map((path) => ({ method: 'GET', path, auth: 'cookie' as const })),
  ),
];

function createBody(kind: 'goals' | 'funnels' | 'segments', w: World): Record<string, unknown> {
  const site = w.a.target.id;
  if (kind === 'goals') return { site, path: '/fuzz/*', name: 'g' };
  if (kind === 'funnels') return { site, name: 'f', steps: [{ path: '/a*' }, { event: 'signup' }] };
  return { site, name: 's', filters: [{ dimension: 'pathname', op: 'starts_with', value: '/f' }] };
}
