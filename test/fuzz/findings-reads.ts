import fc from 'fast-check';
import { queryEncode } from './arbitraries.js';
import { one, request, step } from './requests.js';
import { EXPORT_REPORTS, READS, readQuery, withId } from './routes.js';
import type { World } from './world.js';

/* Reads and management shaped like the known ways in: deep filters, huge pages, big MCP batches, private domains. */

const notGroups = (d: number) =>
  `${'{"not":'.repeat(d)}{"dimension":"pathname","op":"is","value":"/"}${'}'.repeat(d)}`;
const andGroups = (d: number) =>
  `${'{"and":['.repeat(d)}{"dimension":"pathname","op":"is","value":"/"}${']}'.repeat(d)}`;
/** Within the 16 KB a request head may have (queryEncode keeps the brackets and quotes as they are). */
const deepFilters = fc
  .tuple(fc.integer({ min: 20, max: 1_500 }), fc.boolean())
  .map(([d, not]) => (not ? notGroups(d) : andGroups(d)));

export const readDeepFilters = (w: World) =>
  fc.tuple(fc.constantFrom(...READS), deepFilters).map(([r, f]) => {
    const path = withId(r.path, w);
    const q = `${new URLSearchParams(readQuery(r.path, w.a.target.id))}&filters=${queryEncode(f)}`;
    return one(
      'finding: read with deep filters',
      step(request('GET', `${path}?${q}`, undefined, { key: w.a.key }), 'read', {
        status: [400],
        code: 'validation_error',
        field: 'filters',
      }),
    );
  });

export const segmentDeepFilters = (w: World) =>
  fc.tuple(fc.integer({ min: 20, max: 40_000 }), fc.boolean()).map(([d, not]) => {
    const body = `{"site":${w.a.target.id},"name":"deep","filters":[${not ? notGroups(d) : andGroups(d)}]}`;
    return one(
      'finding: segment with deep filters',
      step(request('POST', '/api/segments', body, { cookie: w.a.cookie }), 'json', {
        status: [400],
        code: 'validation_error',
        field: 'filters',
      }),
    );
  });

const PAGED = READS.filter((r) => r.keys.includes('page') && !r.path.includes(':id'));
export const hugePage = (w: World) =>
  fc
    .tuple(
      fc.constantFrom(...PAGED),
      fc.constantFrom('page', 'limit'),
      fc.constantFrom('10001', '1000000000000000', '9007199254740993', '18446744073709551616'),
      fc.boolean(),
    )
    .map(([r, field, v, exported]) => {
      const report = r.path.replace(/^\/api\/(stats\/)?/, '');
      const path =
        exported && EXPORT_REPORTS.includes(report)
          ? `/api/stats/export.csv?report=${report}&`
          : `${r.path}?`;
      const q = `${new URLSearchParams(readQuery(r.path, w.a.target.id))}&${field}=${v}`;
      return one(
        `finding: huge ${field}`,
        step(request('GET', `${path}${q}`, undefined, { key: w.a.key }), 'read', {
          status: [400],
          code: 'validation_error',
          field,
        }),
      );
    });

export const mcpBatch = (w: World) =>
  fc.integer({ min: 51, max: 2_000 }).map((n) => {
    const body = JSON.stringify(
      Array.from({ length: n }, (_, id) => ({ jsonrpc: '2.0', id, method: 'ping' })),
    );
    return one(
      'finding: MCP batch over 50',
      step(request('POST', '/api/mcp', body, { key: w.a.key }), 'mcp', {
        status: [200],
        rpcError: { code: -32600, dataCode: 'bad_request' },
      }),
    );
  });

const PRIVATE_DOMAINS = [
  'localhost',
  'LOCALHOST',
  'localhost.',
  '127.0.0.1',
  '169.254.169.254',
  '10.0.0.1',
  '192.168.1.1',
  '0.0.0.0',
  '::1',
  '[::1]',
];
export const privateDomain = (w: World) =>
  fc.constantFrom(...PRIVATE_DOMAINS).map((domain) =>
    one(
      'finding: site named by an address or localhost',
      step(request('POST', '/api/sites', JSON.stringify({ domain }), { cookie: w.a.cookie }), 'json', {
        status: [400],
        code: 'validation_error',
        field: 'domain',
      }),
    ),
  );
