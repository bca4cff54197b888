import { describe, expect, it } from 'vitest';
import type { Agent, Purpose } from '../../src/catalog/agents.js';
import { lineDiff } from '../../src/policy/line-diff.js';
import { buildRobots, type RobotsChoices, type RobotsVerdict } from '../../src/policy/robots-builder.js';
import { groupFor, parseRobots, robotsAllows } from '../../src/policy/robots.js';

const agent = (agent_id: string, purpose: Purpose, robots_tokens: string[]): Agent => ({
  agent_id,
  name: agent_id,
  operator: 'op',
  purpose,
  ua_pattern: null,
  robots_tokens,
  respects_robots: 'yes',
  description: '',
  sources: ['twofold'],
});

/*
 * A designed catalog: two trainers (one with two spellings of a token), a trainer whose token is
 * shared with an assistant, a search engine, an assistant, and an agent whose token cannot be
 * written as a user-agent line.
 */
const AGENTS = [
  agent('zeta-train', 'training', ['ZetaBot', 'zetabot']),
  agent('alpha-train', 'training', ['AlphaBot', 'Alpha-Extended']),
  agent('shared-train', 'training', ['SharedBot']),
  agent('shared-user', 'user_action', ['SharedBot']),
  agent('seek', 'search', ['Seeker']),
  agent('helper', 'user_action', ['Helper']),
  agent('broken', 'other', ['Bad#Bot']),
];

const choices = (
  purposes: Partial<Record<Purpose, RobotsVerdict>>,
  agents: Record<string, RobotsVerdict> = {},
): RobotsChoices => ({
  purposes: { training: 'allow', search: 'allow', user_action: 'allow', other: 'allow', ...purposes },
  agents: new Map(Object.entries(agents)),
});

const STAR = (signals: string) => `User-agent: *\nContent-Signal: ${signals}\nAllow: /\n`;
const body = (text: string) => text.slice(text.indexOf('\n\n') + 2);

describe('buildRobots', () => {
  it('writes one Disallow group per purpose, tokens sorted case-insensitively, once whatever their case', () => {
    const built = buildRobots(AGENTS, choices({ training: 'disallow' }, { helper: 'disallow' }), []);
    expect(body(built.text)).toBe(
      [
        '# training',
        'User-agent: Alpha-Extended',
        'User-agent: AlphaBot',
        'User-agent: SharedBot',
        'User-agent: ZetaBot',
        'Disallow: /',
        '',
        '# user_action',
        'User-agent: Helper',
        'Disallow: /',
        '',
        STAR('search=yes, ai-input=yes, ai-train=no'),
      ].join('\n'),
    );
    expect(built.groups).toEqual([
      { purpose: 'training', tokens: ['Alpha-Extended', 'AlphaBot', 'SharedBot', 'ZetaBot'] },
      { purpose: 'user_action', tokens: ['Helper'] },
    ]);
  });

  it('keeps a shared token out when an agent naming it is allowed by name, and skips unwritable tokens', () => {
    const built = buildRobots(
      AGENTS,
      choices({ training: 'disallow', other: 'disallow' }, { 'shared-user': 'allow', seek: 'disallow' }),
      ['https://a.example/sitemap.xml', 'https://a.example/sitemap.xml', 'https://a.example/news.xml'],
    );
    expect(body(built.text)).toBe(
      [
        '# training',
        'User-agent: Alpha-Extended',
        'User-agent: AlphaBot',
        'User-agent: ZetaBot',
        'Disallow: /',
        '',
        '# search',
        'User-agent: Seeker',
        'Disallow: /',
        '',
        STAR('search=yes, ai-input=yes, ai-train=no'),
        'Sitemap: https://a.example/sitemap.xml',
        'Sitemap: https://a.example/news.xml',
        '',
      ].join('\n'),
    );
  });

  it('allows everything when nothing is disallowed, and reads back as it says', () => {
    const open = buildRobots(AGENTS, choices({}), []);
    expect(body(open.text)).toBe(STAR('search=yes, ai-input=yes, ai-train=yes'));
    expect(open.groups).toEqual([]);

    const closed = buildRobots(AGENTS, choices({ search: 'disallow', user_action: 'disallow' }), []);
    expect(closed.text).toContain(STAR('search=no, ai-input=no, ai-train=yes'));
    const parsed = parseRobots(closed.text);
    expect(parsed.groups.at(-1)!.content_signals).toEqual({
      search: 'no',
      'ai-input': 'no',
      'ai-train': 'yes',
    });
    expect(robotsAllows(parsed, ['Seeker'], '/page')).toBe(false);
    expect(robotsAllows(parsed, ['Seeker'], '/robots.txt')).toBe(true);
    expect(robotsAllows(parsed, ['AlphaBot'], '/page')).toBe(true);
    expect(groupFor(parsed, ['zetabot'])?.token).toBe('*');
  });
});

describe('lineDiff', () => {
  it('lists every line of both texts, removed, added or kept, whatever the line breaks', () => {
    expect(lineDiff('a\r\nb\nc\n', 'a\nx\nc\nd')).toEqual([
      { op: ' ', line: 'a' },
      { op: '-', line: 'b' },
      { op: '+', line: 'x' },
      { op: ' ', line: 'c' },
      { op: '+', line: 'd' },
    ]);
    expect(lineDiff('', '')).toEqual([]);
    expect(lineDiff('a\n\n', 'a\n')).toEqual([
      { op: ' ', line: 'a' },
      { op: '-', line: '' },
    ]);
  });

  it('gives up the shortest script past 1,000 edits: every old line removed, then every new one added', () => {
    const before = Array.from({ length: 30_000 }, (_, i) => `Disallow: /a${i}`).join('\n');
    const after = Array.from({ length: 30_000 }, (_, i) => `Disallow: /b${i}`).join('\n');
    const started = performance.now();
    const diff = lineDiff(before, after);
    // A hang detector: the machine may be busy.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(diff).toHaveLength(60_000);
    expect(diff[29_999]).toEqual({ op: '-', line: 'Disallow: /a29999' });
    expect(diff[30_000]).toEqual({ op: '+', line: 'Disallow: /b0' });
  });
});
