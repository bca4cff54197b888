import { describe, expect, it } from 'vitest';
import { parseRobots, ROBOTS_PARSE_LIMIT_BYTES, robotsAllows } from '../../src/policy/robots.js';

/** A robots.txt of `rule` lines up to the parse limit: a site owner writes (or uploads) it. */
function fullOf(rule: (i: number) => string): string {
  let text = 'User-agent: *\n';
  for (let i = 0; text.length < ROBOTS_PARSE_LIMIT_BYTES - 200; i++) text += rule(i);
  return text;
}

// Every agent fetch of the site is judged against its robots.txt when the projector folds it, on
// the thread that also serves HTTP in the default role. A robots-parser match cost the pattern's
// length times the path's per rule: 5.5 s per fetch for these, and a shipment holds thousands of
// fetches. The bound is a hang detector.
describe('judging fetches against a hostile robots.txt', () => {
  it('takes time linear in the rules and the path, with the exact verdict', () => {
    const stars = parseRobots(fullOf(() => 'Disallow: /' + '*a'.repeat(40) + '*b\n'));
    const distinct = parseRobots(
      fullOf((i) => `Allow: /*${i.toString(36)}*$\nDisallow: /*a*${i.toString(36)}z\n`),
    );
    const path = '/' + 'a'.repeat(2047);
    const started = performance.now();
    expect(robotsAllows(stars, ['GPTBot'], path)).toBe(true);
    expect(robotsAllows(stars, ['GPTBot'], path.slice(0, -1) + 'b')).toBe(false);
    expect(robotsAllows(distinct, ['GPTBot'], path)).toBe(true);
    expect(robotsAllows(distinct, ['GPTBot'], '/' + 'a'.repeat(2000) + 'zz')).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
