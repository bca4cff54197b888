import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Each module (a path relative to the root, `/`-separated) and the modules it imports, in order. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

const CODE = /\.tsx?$/;
/** Imports of what a bundler or Node loads as data, not as a module of the graph. */
const NOT_CODE = /\.(css|json)$/;

function codeFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : codeFiles(root, path);
    return CODE.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names: `./x.js` is `./x.ts` or `./x.tsx`, as TypeScript resolves it. */
function resolveSpecifier(root: string, from: string, spec: string): string | undefined {
  const base = resolve(root, dirname(from), spec);
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, base, join(base, 'index.ts')])
    if (CODE.test(candidate) && existsSync(candidate)) return relative(root, candidate).split('\\').join('/');
  return undefined;
}

/**
 * The relative imports of every module under `dirs`: `import`, `import type`, `export … from` and
 * `import()` alike (TypeScript's own scan of the file, so no form of import is missed). A relative
 * specifier that names no file is an error rather than an edge silently left out.
 */
export function importGraph(root: string, dirs: readonly string[]): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((d) => codeFiles(root, d))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const edges: string[] = [];
    for (const { fileName: spec } of importedFiles) {
      if (!spec.startsWith('.') || NOT_CODE.test(spec)) continue;
      const target = resolveSpecifier(root, file, spec);
      if (target === undefined) throw new Error(`${file} imports ${spec}, which names no file`);
      edges.push(target);
    }
    graph.set(file, edges);
  }
  return graph;
}

/** Every circle of imports (a strongly connected component of two or more, or a self-import). */
export function importCycles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative so a deep chain of imports cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const edges = graph.get(top.node) ?? [];
      if (top.edge < edges.length) {
        const to = edges[top.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) !== index.get(top.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== top.node);
      if (component.length > 1 || edges.includes(top.node)) cycles.push(component.sort());
    }
  }
  return cycles;
}

/** Every import the rule refuses, as `importer -> imported`. */
export function refusedImports(graph: ImportGraph, refuses: (from: string, to: string) => boolean): string[] {
  return [...graph].flatMap(([from, tos]) =>
    tos.filter((to) => refuses(from, to)).map((to) => `${from} -> ${to}`),
  );
}
