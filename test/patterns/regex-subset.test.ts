import { describe, expect, it } from 'vitest';
import { FILTER_LIMITS } from '../../src/read/envelope/filter-limits.js';
import { regexProblem } from '../../src/read/envelope/regex-subset.js';

// The `matches` filter's patterns are checked in JavaScript before PostgreSQL runs them: the check
// itself must stay bounded whatever it is given. Time bounds are hang detectors only.
describe('the regex subset check on hostile patterns', () => {
  it('refuses a long pattern before reading it', () => {
    const started = performance.now();
    expect(regexProblem('('.repeat(1_000_000))).toBe(`a regex has at most ${FILTER_LIMITS.regex} characters`);
    expect(regexProblem('a*'.repeat(500_000))).toBe(`a regex has at most ${FILTER_LIMITS.regex} characters`);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('reads the deepest nesting the length allows without running out of stack', () => {
    expect(regexProblem('('.repeat(99) + 'a' + ')'.repeat(99))).toBeUndefined();
    expect(regexProblem('('.repeat(200))).toBe('invalid regex at character 200: unclosed (');
    expect(regexProblem('(?:'.repeat(66) + 'a')).toMatch(/^invalid regex at character \d+: unclosed \($/);
  });

  it('refuses repetition that expands past the weight, however deeply multiplied', () => {
    const over = `invalid regex: repetition expands it past ${FILTER_LIMITS.regexWeight} steps; use smaller counts`;
    expect(regexProblem('(((((((((a{255}){255}){255}){255}){255}){255}){255}){255}){255})')).toBe(over);
    expect(regexProblem('(.{0,255}){4}')).toBe(over);
    expect(regexProblem('(.{0,255}){3}')).toBeUndefined();
  });

  it('takes the classic backtracking traps (PostgreSQL runs them without backtracking) and refuses back-references', () => {
    for (const p of ['^(a+)+$', '(a|a)*b', '(a|aa)*b', '(.*a){20}b', '^(\\w+\\s?)*$'])
      expect([p, regexProblem(p)]).toEqual([p, undefined]);
    expect(regexProblem('(a)\\1')).toMatch(/^invalid regex at character 4: \\1 is not supported/);
  });
});
