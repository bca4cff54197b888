import fc from 'fast-check';
import type { WireRequest } from '../support/http-wire.js';
import type { FuzzCase } from './case.js';
import { EXPORT_REPORTS, MCP_TOOLS, READS, readQuery } from './routes.js';
import { one, request, step } from './requests.js';
import type { World } from './world.js';

const REFUSED = [403, 404] as const;

/**
 * Account a's credentials on account b's sites and ids, each request otherwise valid: `403` or
 * `404`, never data (and for MCP, a refusal per call).
 */
export function crossAccount(w: World): fc.Arbitrary<FuzzCase> {
  const { a, b } = w;
  const cookie: { cookie?: string; key?: string } = { cookie: a.cookie };
  const json = (method: string, path: string, body?: unknown, auth = cookie) =>
    request(method, path, body === undefined ? undefined : JSON.stringify(body), auth);
  const reads = READS.filter((r) => !r.path.includes(':id')).map((r) => r.path);
  const cases = [
    ...reads.flatMap((path) => {
      const q = new URLSearchParams(readQuery(path, b.target.id));
      return [json('GET', `${path}?${q}`, undefined, { key: a.key }), json('GET', `${path}?${q}`)];
    }),
    json('GET', `/api/stats/overview?site=${a.target.id}&segment=${b.segmentId}`),
    json('GET', `/api/stats/funnel/${b.funnelId}?site=${a.target.id}`),
    json('GET', `/api/stats/funnel/${b.funnelId}?site=${b.target.id}`, undefined, { key: a.key }),
    ...EXPORT_REPORTS.filter((r) => !['session', 'funnel'].includes(r)).map((report) =>
      json(
        'GET',
        `/api/stats/export.csv?${new URLSearchParams({ report, ...readQuery(report, b.target.id) })}`,
      ),
    ),
    json('GET', `/api/stats/export.pdf?report=pages&site=${b.target.id}`, undefined, { key: a.key }),
    json('GET', `/api/sites/${b.target.id}`),
    json('GET', `/api/sites/${b.target.id}/ingest-key`),
    json('GET', `/api/sites/${b.target.id}/members`),
    json('GET', `/api/sites/${b.target.id}/robots/suggest?training=disallow`),
    json('GET', `/api/sites/${b.target.id}/robots/suggest`, undefined, { key: a.key }),
    json('POST', `/api/sites/${b.target.id}/members`, { email: 'fuzz-invite@example.test', role: 'admin' }),
    json('PATCH', `/api/sites/${b.target.id}`, { excluded_paths: ['/*'] }),
    request(
      'PUT',
      `/api/sites/${b.target.id}/policy/robots.txt`,
      'User-agent: *\nDisallow: /\n',
      cookie,
      'text/plain',
    ),
    json('GET', `/api/segments/${b.segmentId}`),
    json('PATCH', `/api/segments/${b.segmentId}`, { name: 'taken' }),
    json('DELETE', `/api/segments/${b.segmentId}`),
    json('DELETE', `/api/goals/${b.goalId}`),
    json('DELETE', `/api/funnels/${b.funnelId}`),
    json('DELETE', `/api/keys/${b.keyId}`),
    json('POST', '/api/keys', { name: 'k', site: b.target.id }),
    json('POST', '/api/goals', { site: b.target.id, path: '/x' }),
    json('POST', '/api/funnels', { site: b.target.id, name: 'f', steps: [{ path: '/a' }, { path: '/b' }] }),
    json('POST', '/api/segments', { site: b.target.id, name: 's', filters: [] }),
    ...['goals', 'funnels', 'segments'].map((k) => json('GET', `/api/${k}?site=${b.target.id}`)),
    json('POST', `/api/sites/${b.target.id}/subscriptions`, { kind: 'weekly' }),
    json('GET', `/api/sites/${b.target.id}/subscriptions`),
  ];
  const name = (r: WireRequest) =>
    `cross-account ${r.method} ${r.path.split('?')[0]!.replace(/\/\d+/g, '/:id')}`;
  const http = fc.constantFrom(...cases).map((r) => one(name(r), step(r, 'json', { status: REFUSED })));
  const mcp = fc.constantFrom(...MCP_TOOLS.filter((t) => t !== 'list_sites')).map((name) => {
    const body = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name,
        arguments: { site: b.target.id, ...(name === 'get_breakdown' ? { dimension: 'pathname' } : {}) },
      },
    };
    const r = request('POST', '/api/mcp', JSON.stringify(body), { key: a.key });
    return one(
      'cross-account MCP tools/call',
      step(r, 'mcp', { status: [200], rpcRefused: ['forbidden', 'not_found'] }),
    );
  });
  return fc.oneof({ weight: 4, arbitrary: http }, { weight: 1, arbitrary: mcp });
}
