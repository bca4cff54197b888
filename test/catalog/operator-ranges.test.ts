import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { loadCatalog, type RangeFile } from '../../src/catalog/agents.js';
import {
  formatRangeFile,
  isVerified,
  loadOperatorRanges,
  RANGES_DIR,
  readRangeFiles,
} from '../../src/catalog/operator-ranges.js';

const catalog = loadCatalog();
const ranges = loadOperatorRanges();
const agent = (id: string) => catalog.agent(id)!;
const verified = (agentId: string, ip: string) => isVerified(agent(agentId), ranges.rangesFor(ip));

describe('the shipped range snapshot', () => {
  it('loads every family: the legitbot snapshot and the operators’ own feeds (Google, Bing, Anthropic, Apple)', () => {
    const counts = Object.fromEntries(ranges.files.map((f) => [f.family, f.prefixes.length]));
    expect(counts).toEqual({
      ahrefsbot: 51,
      anthropic: 38,
      applebot: 24,
      bingbot: 28,
      'chatgpt-user': 254,
      duckassistbot: 336,
      duckduckbot: 341,
      'google-special-crawlers': 270,
      'google-user-triggered-fetchers': 1056,
      googlebot: 315,
      gptbot: 21,
      grapeshot: 22,
      ias: 31,
      marginalia: 14,
      'oai-searchbot': 35,
      'perplexity-user': 4,
      perplexitybot: 8,
      twitterbot: 3,
    });
  });

  it('has a snapshot for every range feed the catalog names', () => {
    const feeds = catalog.operators.flatMap((o) => o.ranges_feeds.map((f) => f.family)).sort();
    expect(ranges.files.filter((f) => f.feed_url !== null).map((f) => f.family)).toEqual(feeds);
  });

  it('files each range under an operator of the catalog, and each feed under its operator', () => {
    for (const file of ranges.files) {
      const operator = catalog.operator(file.operator);
      expect(operator, file.family).toBeDefined();
      if (file.feed_url !== null)
        expect(operator!.ranges_feeds).toContainEqual(
          expect.objectContaining({ family: file.family, url: file.feed_url }),
        );
    }
  });

  it('is laid out as Prettier lays it out', async () => {
    for (const file of readRangeFiles()) {
      const path = join(RANGES_DIR, `${file.family}.json`);
      const text = readFileSync(path, 'utf8');
      expect(text).toBe(formatRangeFile(file));
      expect(await prettier.format(text, { ...(await prettier.resolveConfig(path)), filepath: path })).toBe(
        text,
      );
    }
  });
});

describe('verification against published ranges', () => {
  it('verifies GPTBot from an address in OpenAI’s published GPTBot range', () => {
    // 20.171.206.0/24 is in openai.com/gptbot.json (snapshot of 2026-06-27).
    expect(ranges.rangesFor('20.171.206.10')).toEqual([
      { family: 'gptbot', operator: 'openai', cidr: '20.171.206.0/24' },
    ]);
    expect(verified('gptbot', '20.171.206.10')).toBe(true);
    expect(verified('gptbot', '20.171.206.0')).toBe(true);
    expect(verified('gptbot', '20.171.206.255')).toBe(true);
  });

  it('does not verify the same user agent from 8.8.8.8, nor from just outside the range', () => {
    expect(ranges.rangesFor('8.8.8.8')).toEqual([]);
    expect(verified('gptbot', '8.8.8.8')).toBe(false);
    expect(verified('gptbot', '20.171.205.255')).toBe(false);
  });

  it('reads an IPv4-mapped IPv6 client address as IPv4', () => {
    expect(verified('gptbot', '::ffff:20.171.206.10')).toBe(true);
  });

  it('returns every family sharing a range (OpenAI files 4.227.36.0/25 for GPTBot and OAI-SearchBot)', () => {
    expect(ranges.rangesFor('4.227.36.1').map((m) => m.family)).toEqual(['gptbot', 'oai-searchbot']);
    expect(verified('oai-searchbot', '4.227.36.1')).toBe(true);
  });

  it('counts any range of the agent’s operator, and no other operator’s', () => {
    // 18.97.1.228/30 is PerplexityBot's; Perplexity-User is Perplexity's too.
    expect(verified('perplexitybot', '18.97.1.229')).toBe(true);
    expect(verified('perplexity-user', '18.97.1.229')).toBe(true);
    expect(verified('claudebot', '20.171.206.10')).toBe(false);
    expect(verified('duckduckbot', '20.171.206.10')).toBe(false);
  });

  // Addresses inside the shipped snapshots of the operators' own feeds (SOURCES.md): Google's
  // googlebot.json and special-crawlers.json of 2026-08-20, Bing's bingbot.json, Anthropic's
  // bots.json of 2026-10-07, Apple's applebot.json of 2026-09-15.
  it.each([
    ['googlebot', '66.249.66.1', 'googlebot'],
    ['googlebot', '2001:4860:4801:10::1', 'googlebot'],
    ['googlebot-image', '66.249.64.1', 'googlebot'],
    ['adsbot-google', '66.249.89.1', 'google-special-crawlers'],
    ['bingbot', '157.55.39.1', 'bingbot'],
    ['bingbot', '40.77.167.1', 'bingbot'],
    ['claudebot', '216.73.216.1', 'anthropic'],
    ['claude-user', '216.73.216.1', 'anthropic'],
    ['applebot', '17.241.208.161', 'applebot'],
  ])('verifies %s from %s (in %s)', (agentId, ip, family) => {
    expect(ranges.rangesFor(ip).map((m) => m.family)).toEqual([family]);
    expect(verified(agentId, ip)).toBe(true);
  });

  it.each([
    ['googlebot', '8.8.8.8'],
    ['googlebot', '66.249.63.1'],
    ['bingbot', '157.55.40.1'],
    ['claudebot', '216.73.220.1'],
    ['applebot', '17.241.208.192'],
    // Another operator's range proves nothing: Googlebot from Bing's, ClaudeBot from Apple's.
    ['googlebot', '157.55.39.1'],
    ['claudebot', '17.241.208.161'],
    ['applebot', '66.249.66.1'],
  ])('does not verify a spoofed %s from %s', (agentId, ip) => {
    expect(verified(agentId, ip)).toBe(false);
  });

  it('verifies every Google crawler and fetcher from any of Google’s three published lists', () => {
    // Google's verification page says to match an address against all three lists; the agent's
    // own family (SOURCES.md) is not required.
    const inUserTriggered = ranges.files.find((f) => f.family === 'google-user-triggered-fetchers')!
      .prefixes[0]!;
    const ip = inUserTriggered.replace(/::\/\d+$/, '::1').replace(/\.0\/\d+$/, '.1');
    expect(ranges.rangesFor(ip).map((m) => m.family)).toEqual(['google-user-triggered-fetchers']);
    expect(verified('google-read-aloud', ip)).toBe(true);
    expect(verified('feedfetcher-google', '66.249.66.1')).toBe(true);
    expect(catalog.operator('google')?.rdns_domains).toEqual(['google.com', 'googlebot.com']);
  });

  it('answers nothing for what is not an address', () => {
    expect(ranges.rangesFor('not-an-ip')).toEqual([]);
  });
});

describe('formatRangeFile', () => {
  const file = (prefixes: string[]): RangeFile => ({
    family: 'test',
    operator: 'test',
    feed_url: null,
    source: 'test',
    as_of: '2026-01-01',
    prefixes,
  });

  it('matches Prettier at every list length around the print width', async () => {
    const options = { ...(await prettier.resolveConfig(join(RANGES_DIR, 'gptbot.json'))), parser: 'json' };
    for (let n = 1; n <= 8; n++) {
      for (const prefix of ['1.2.3.4/32', '10.0.0.0/8', '192.168.100.0/24']) {
        const text = formatRangeFile(file(Array.from({ length: n }, () => prefix)));
        expect(await prettier.format(text, options)).toBe(text);
      }
    }
  });
});

describe('readRangeFiles', () => {
  const write = (name: string, value: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'ranges-'));
    writeFileSync(join(dir, name), JSON.stringify(value));
    return dir;
  };
  const good = {
    family: 'x',
    operator: 'y',
    feed_url: null,
    source: 's',
    as_of: '2026-01-01',
    prefixes: ['192.0.2.0/24'],
  };

  it('refuses a file named after another family', () => {
    expect(() => readRangeFiles(write('other.json', good))).toThrow(/holds family x/);
  });

  it('refuses a prefix that is not canonical, naming the file and the field', () => {
    expect(() => readRangeFiles(write('x.json', { ...good, prefixes: ['192.0.2.1/24'] }))).toThrow(
      /x\.json[\s\S]*prefixes\[0\]/,
    );
  });
});
