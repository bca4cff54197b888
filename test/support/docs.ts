import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';

/** The repository's root directory. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export function readRepoFile(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8');
}

/** A markdown file's headings (outside code fences), in order. */
export function headings(markdown: string): string[] {
  const found: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (m) found.push(m[1]!);
  }
  return found;
}

/** The anchors GitHub gives a markdown file's headings (a repeated heading gets `-1`, `-2`, …). */
export function anchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  return new Set(headings(markdown).map((h) => slugger.slug(h)));
}

/** Repository-relative paths of the files under `dirs` (and the files named) that exist. */
export function repoFiles(entries: readonly string[], extensions: RegExp): string[] {
  const files: string[] = [];
  for (const entry of entries) {
    const full = join(ROOT, entry);
    if (!existsSync(full)) continue;
    if (!entry.endsWith('/')) {
      files.push(entry);
      continue;
    }
    for (const name of readdirSync(full, { recursive: true, encoding: 'utf8' })) {
      const path = relative(ROOT, join(full, name));
      if (/(^|\/)(node_modules|dist)\//.test(path) || !extensions.test(path)) continue;
      files.push(path);
    }
  }
  return files.sort();
}

/** The rows of a markdown table as arrays of cells, for the table whose header row starts with `first`. */
export function tableRows(markdown: string, first: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`| ${first} |`));
  if (start < 0) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows;
}
