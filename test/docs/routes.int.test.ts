import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { readRepoFile } from '../support/docs.js';

/**
 * The routes of a built app as `METHOD /path`, from Fastify's route tree (`printRoutes`): each line
 * is a path segment under its parent's, indented four characters per level, with its methods (none
 * for a segment only shared by the routes below it).
 */
export function routesOf(tree: string): string[] {
  const found = new Set<string>();
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    // A segment shared by several routes has no methods of its own (`assets/` above `*`).
    const m = /^((?:[│ ] {3})*)(?:[├└]── )?(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (depth === 0 ? '' : prefixes[depth - 1]!) + m[2]!;
    prefixes[depth] = path;
    if (m[3] === undefined) continue;
    const clean = path.length > 1 ? path.replace(/\/$/, '') : path;
    for (const method of m[3].split(', ')) {
      if (method !== 'HEAD' && method !== 'OPTIONS') found.add(`${method} ${clean}`);
    }
  }
  return [...found].sort();
}

describe('docs/api.md lists every route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads the route tree', () => {
    const tree = [
      '└── / (GET, HEAD)',
      '    ├── api/sites (GET, POST)',
      '    │   └── /:id (PATCH)',
      '    └── assets/',
      '        └── * (HEAD, GET)',
    ].join('\n');
    expect(routesOf(tree)).toEqual([
      'GET /',
      'GET /api/sites',
      'GET /assets/*',
      'PATCH /api/sites/:id',
      'POST /api/sites',
    ]);
  });

  it('has a line `METHOD /path` in the endpoints table for each', () => {
    const routes = routesOf(t.app.printRoutes());
    expect(routes).toContain('GET /api/stats/overview');
    expect(routes).toContain('DELETE /api/keys/:id');
    const index = readRepoFile('docs/api.md')
      .split('\n## ')
      .find((s) => s.startsWith('Endpoints\n'))!;
    expect(routes.filter((r) => !index.includes(`\`${r}\``))).toEqual([]);
  });
});
