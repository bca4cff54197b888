import { describe, expect, it } from 'vitest';
import { isExcludedPath } from '../../src/ingest/steps/excluded-path.js';
import type { Site } from '../../src/sites/sites.js';

const site = (excludedPaths: string[]): Site => ({
  id: 1,
  ownerId: 1,
  domain: 'example.com',
  timezone: 'UTC',
  hostnames: ['example.com'],
  ingestKey: 'k',
  excludedPaths,
  respectDnt: false,
});

describe('isExcludedPath', () => {
  it.each([
    [['/admin/*'], '/admin/users', true],
    [['/admin/*'], '/admin/', true],
    [['/admin/*'], '/admin', false],
    [['/admin/*'], '/blog/admin/x', false],
    [['/health'], '/health', true],
    [['/health'], '/health/', false],
    [['/health', '/admin/*'], '/admin/a/b', true],
    [['/a.b'], '/axb', false],
    [['/*.php'], '/wp/login.php', true],
    [[], '/anything', false],
  ])('%j excludes %s: %s', (patterns, path, excluded) => {
    expect(isExcludedPath(site(patterns), path)).toBe(excluded);
  });

  // The hostile case of issue 24: with `.*` in a backtracking regex, 800 `a`s took 17.7 s and
  // held every other hit of the thread. The bound is a hang detector, not a speed test.
  it('answers a path of 800 `a`s against /*a*a*a*b at once, with the exact result', () => {
    const hostile = site(['/*a*a*a*b']);
    const started = performance.now();
    expect(isExcludedPath(hostile, '/' + 'a'.repeat(800))).toBe(false);
    expect(isExcludedPath(hostile, '/' + 'a'.repeat(800) + 'b')).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
