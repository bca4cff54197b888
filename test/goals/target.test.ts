import { describe, expect, it } from 'vitest';
import { likePathPattern } from '../../src/goals/target.js';

describe('likePathPattern', () => {
  it.each([
    ['/blog/*', '/blog/%'],
    ['/*/pricing*', '/%/pricing%'],
    ['/pricing', '/pricing'],
    // LIKE's own wildcards and its escape character are literal characters of a path.
    ['/a_b', '/a\\_b'],
    ['/50%-off/*', '/50\\%-off/%'],
    ['/back\\slash', '/back\\\\slash'],
  ])('turns %s into the LIKE pattern %s', (pattern, like) => {
    expect(likePathPattern(pattern)).toBe(like);
  });
});
