import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type ImportGraph, importCycles, importGraph, refusedImports } from './import-graph.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The composition root: what routes exist and what each is given (src/app.ts), and the roles started (src/server.ts). */
const COMPOSITION_ROOT = ['src/app.ts', 'src/server.ts'];
const isHttp = (path: string) => path.startsWith('src/http/');
/** A module that registers routes with Fastify: `routes.ts`, or `<something>-routes.ts`. */
const isRouteModule = (path: string) => /(^|\/|-)routes\.ts$/.test(path) && !isHttp(path);

/**
 * The layers read from the top: the composition root imports route modules; route modules import
 * the HTTP pieces (src/http/) and the domain; the domain (reads, MCP, auth, sites, ingest…) never
 * imports src/http/, and src/http/ imports neither a route module nor the composition root.
 */
function refusedByLayers(from: string, to: string): boolean {
  if (to === 'src/app.ts') return from !== 'src/server.ts';
  if (isHttp(from)) return isRouteModule(to) || COMPOSITION_ROOT.includes(to);
  if (isHttp(to)) return !isRouteModule(from) && !COMPOSITION_ROOT.includes(from);
  return false;
}

describe('the import graph of src/, projections/, streams/ and web/src/', () => {
  const graph = importGraph(ROOT, ['src', 'projections', 'streams', 'web/src']);

  it('is read whole: every module and its imports, type-only ones included', () => {
    expect(graph.get('src/read/stats/rollup-totals.ts')).toEqual([
      'src/db/sql.ts',
      'src/read/envelope/range.ts',
      'projections/rollup-minute/grains.ts',
      'src/read/stats/totals.ts',
    ]);
    expect(graph.get('web/src/ui/series-table.tsx')).toEqual(['web/src/lib/format.ts', 'web/src/ui/line.ts']);
    expect(graph.get('src/app.ts')).toContain('src/read/envelope/routes.ts');
  });

  it('has no circle of imports, type-only ones included', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('has src/http/ imported only by route modules and the composition root, and importing neither', () => {
    expect(refusedImports(graph, refusedByLayers)).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const graph = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

  it('finds every circle, however long, and a module importing itself', () => {
    const cycles = importCycles(
      graph({ a: ['b'], b: ['c'], c: ['a', 'd'], d: [], e: ['f'], f: ['e'], g: ['g'], h: ['a'] }),
    );
    expect(cycles).toEqual([['a', 'b', 'c'], ['e', 'f'], ['g']]);
  });

  it('refuses src/http/ to a reader outside route modules, and route modules or the root to src/http/', () => {
    const refused = refusedImports(
      graph({
        'src/read/envelope/handler.ts': ['src/http/errors.ts', 'src/errors/app-error.ts'],
        'src/read/envelope/routes.ts': ['src/http/errors.ts'],
        'src/sites/key-routes.ts': ['src/http/deps.ts'],
        'src/app.ts': ['src/http/errors.ts', 'src/sites/key-routes.ts'],
        'src/http/health.ts': ['src/sites/key-routes.ts', 'src/app.ts', 'src/projector/status.ts'],
        'src/mcp/tools.ts': ['src/app.ts'],
      }),
      refusedByLayers,
    );
    expect(refused).toEqual([
      'src/read/envelope/handler.ts -> src/http/errors.ts',
      'src/http/health.ts -> src/sites/key-routes.ts',
      'src/http/health.ts -> src/app.ts',
      'src/mcp/tools.ts -> src/app.ts',
    ]);
  });

  describe('on files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'twofold-imports-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    };

    it('reads import type, export from, import() and .tsx, and leaves out packages and styles', () => {
      write(
        'm/a.ts',
        "import type { B } from './b.js';\nimport x from 'zod';\nexport { c } from './c.js';\n",
      );
      write('m/b.tsx', "import './b.css';\nconst d = await import('./d/e.js');\n");
      write('m/c.ts', "import {\n  a,\n} from './a.js';\n");
      write('m/d/e.ts', '');
      expect(importGraph(dir, ['m'])).toEqual(
        new Map([
          ['m/a.ts', ['m/b.tsx', 'm/c.ts']],
          ['m/b.tsx', ['m/d/e.ts']],
          ['m/c.ts', ['m/a.ts']],
          ['m/d/e.ts', []],
        ]),
      );
    });

    it('fails on a relative import that names no file', () => {
      write('n/a.ts', "import { gone } from './gone.js';\n");
      expect(() => importGraph(dir, ['n'])).toThrow('n/a.ts imports ./gone.js, which names no file');
    });
  });
});
