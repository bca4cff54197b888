import { describe, expect, it } from 'vitest';
import { PROJECTIONS } from '../../projections/index.js';
import { ConfigSchema } from '../../src/config.js';
import { readRepoFile, tableRows } from '../support/docs.js';

/** The names in backticks of a table cell: `HOST`, `PORT` → HOST, PORT. */
function names(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

/** The settings a table of variables lists (its first column). */
function settingsOf(path: string): string[] {
  const rows = tableRows(readRepoFile(path), 'variable');
  return rows.flatMap((r) => names(r[0]!)).sort();
}

const SETTINGS = Object.keys(ConfigSchema.shape).sort();

describe('the docs name every setting, and only settings that exist', () => {
  it('has settings to check', () => {
    expect(SETTINGS).toContain('DATABASE_URL');
    expect(SETTINGS.length).toBeGreaterThan(15);
  });

  it.each(['README.md', 'docs/operations.md'])('%s: its table of variables is the config schema', (path) => {
    expect(settingsOf(path)).toEqual(SETTINGS);
  });
});

describe('docs/architecture.md names every table a projection owns', () => {
  const rows = tableRows(readRepoFile('docs/architecture.md'), 'projection');

  it('has a row per projection', () => {
    expect(rows.map((r) => names(r[0]!)[0]).sort()).toEqual(PROJECTIONS.map((p) => p.name).sort());
  });

  it.each(PROJECTIONS.map((p) => [p.name, p.tables] as const))('%s', (name, tables) => {
    const row = rows.find((r) => names(r[0]!)[0] === name);
    expect(names(row?.[1] ?? '').sort()).toEqual([...tables].sort());
  });
});
