import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, readRepoFile, repoFiles, ROOT } from '../support/docs.js';

/**
 * The repository explains itself: what its code, tests, scripts and docs cite is a file of the
 * repository, and a section is cited by its anchor (`docs/api.md#get-apistatsoverview`), so a
 * renamed heading or a removed file fails here.
 */
const SCANNED = [
  'src/',
  'projections/',
  'streams/',
  'web/src/',
  'bench/',
  'test/',
  'scripts/',
  '.ci/',
  'migrations/',
  'examples/',
  'docs/',
  'README.md',
  'Dockerfile',
  'docker-compose.yml',
  'eslint.config.js',
  'vitest.config.ts',
  'package.json',
];
/** Every file scanned but this one, whose examples are broken on purpose. */
const FILES = repoFiles(SCANNED, /(\.(ts|tsx|js|mjs|sql|md|json|sh|ya?ml)|\/run)$/).filter(
  (f) => f !== 'test/docs/references.test.ts',
);

// Built from pieces so that this file does not cite them itself.
const OUTSIDE = [
  new RegExp(`(?<![\\w-])(?:decisions|interface)\\.${'md'}`),
  new RegExp(`\\.\\./${'shared'}\\b`),
  new RegExp(`\\b${'shared'}/(?:spec|data)\\b`),
];
const DOC_PATH = /(?<![\w/.-])docs\/([\w.-]+\.md)(?:#([\w-]+))?/g;
/** `docs/x.md, Section` or `docs/x.md, "Section"`: the section named in words, not by its anchor. */
const PROSE_SECTION = /(?<![\w/.-])docs\/[\w.-]+\.md,\s*(?:(?:\/\/|\*|#|--)\s*)?"?[A-Z]/g;
const MD_LINK = /\]\(([^)\s]+)\)/g;
/** A repository path in backticks, as the docs name code: `src/read/envelope/source.ts`. */
const CODE_PATH =
  /`((?:src|projections|streams|web|test|bench|migrations|scripts|\.ci|examples)\/[\w./-]+)`/g;

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(path: string): Set<string> {
  let found = anchorCache.get(path);
  if (!found) anchorCache.set(path, (found = anchors(readRepoFile(path))));
  return found;
}

/** What is wrong with a reference to `path` (repository-relative) and its `anchor`, if anything. */
function problem(path: string, anchor: string | undefined): string | undefined {
  if (!existsSync(join(ROOT, path))) return `${path} does not exist`;
  if (anchor === undefined || !path.endsWith('.md')) return undefined;
  return anchorsOf(path).has(anchor) ? undefined : `${path} has no heading #${anchor}`;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

function findProblems(file: string): string[] {
  const text = readRepoFile(file);
  const found: string[] = [];
  const at = (index: number, what: string) => found.push(`${file}:${lineOf(text, index)}: ${what}`);
  for (const pattern of OUTSIDE) {
    const m = new RegExp(pattern.source, 'g');
    for (const hit of text.matchAll(m)) at(hit.index, `cites ${hit[0]}, which is outside the repository`);
  }
  for (const hit of text.matchAll(DOC_PATH)) {
    const p = problem(`docs/${hit[1]}`, hit[2]);
    if (p) at(hit.index, p);
  }
  for (const hit of text.matchAll(PROSE_SECTION)) {
    at(hit.index, `names a section in words (${hit[0]}…); cite it as docs/<file>.md#<anchor>`);
  }
  if (file.endsWith('.md')) {
    for (const hit of text.matchAll(MD_LINK)) {
      const target = hit[1]!;
      if (/^[a-z]+:/i.test(target)) continue;
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const p = problem(path === '' ? file : normalize(join(dirname(file), path)), anchor);
      if (p) at(hit.index, `link ${target}: ${p}`);
    }
    for (const hit of text.matchAll(CODE_PATH)) {
      const p = problem(hit[1]!.replace(/\/$/, ''), undefined);
      if (p) at(hit.index, p);
    }
  }
  return found;
}

describe('references', () => {
  it('scans the code, tests and docs', () => {
    expect(FILES).toContain('docs/api.md');
    expect(FILES).toContain('src/config.ts');
    expect(FILES).toContain('test/ingest/track.int.test.ts');
  });

  it('finds broken references of every kind', () => {
    expect(problem('docs/api.md', 'get-apistatsoverview')).toBeUndefined();
    expect(problem('docs/api.md', 'no-such-heading')).toBe('docs/api.md has no heading #no-such-heading');
    expect(problem('docs/none.md', undefined)).toBe('docs/none.md does not exist');
    expect(`see ${'interface'}.md §2`).toMatch(OUTSIDE[0]!);
    expect('see docs/api-decisions.md').not.toMatch(OUTSIDE[0]!);
    expect('(docs/operations.md, Security)').toMatch(new RegExp(PROSE_SECTION.source));
    expect('// see docs/api.md, "Exports")').toMatch(new RegExp(PROSE_SECTION.source));
    expect('docs/operations.md, which says').not.toMatch(new RegExp(PROSE_SECTION.source));
    expect([...'see `src/read/envelope/source.ts`.'.matchAll(CODE_PATH)].map((m) => m[1])).toEqual([
      'src/read/envelope/source.ts',
    ]);
  });

  it('cites only files and sections that exist in the repository', () => {
    expect(FILES.flatMap(findProblems)).toEqual([]);
  });
});
