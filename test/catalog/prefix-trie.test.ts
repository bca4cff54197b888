import { describe, expect, it } from 'vitest';
import { type Cidr, normalizeCidr, parseCidr } from '../../src/catalog/cidr.js';
import { PrefixTrie } from '../../src/catalog/prefix-trie.js';

function trie(entries: Array<[string, string]>): PrefixTrie<string> {
  const t = new PrefixTrie<string>();
  for (const [cidr, value] of entries) t.add(cidr, value);
  return t;
}

describe('PrefixTrie', () => {
  it('holds the first and the last address of a range and nothing either side', () => {
    const t = trie([
      ['10.0.0.0/8', 'ten'],
      ['2001:db8::/32', 'doc'],
    ]);
    expect(t.match('10.0.0.0')).toEqual(['ten']);
    expect(t.match('10.255.255.255')).toEqual(['ten']);
    expect(t.match('9.255.255.255')).toEqual([]);
    expect(t.match('11.0.0.0')).toEqual([]);
    expect(t.match('2001:db8::')).toEqual(['doc']);
    expect(t.match('2001:db8:ffff:ffff:ffff:ffff:ffff:ffff')).toEqual(['doc']);
    expect(t.match('2001:db7:ffff:ffff:ffff:ffff:ffff:ffff')).toEqual([]);
    expect(t.match('2001:db9::')).toEqual([]);
  });

  it('tells adjacent ranges apart at their shared edge', () => {
    const t = trie([
      ['192.0.2.0/25', 'low'],
      ['192.0.2.128/25', 'high'],
    ]);
    expect(t.match('192.0.2.127')).toEqual(['low']);
    expect(t.match('192.0.2.128')).toEqual(['high']);
  });

  it('matches a /32 and a /128 on exactly one address, however it is written', () => {
    const t = trie([
      ['203.0.113.7/32', 'v4'],
      ['2001:db8::1/128', 'v6'],
    ]);
    expect(t.match('203.0.113.7')).toEqual(['v4']);
    expect(t.match('203.0.113.6')).toEqual([]);
    expect(t.match('203.0.113.8')).toEqual([]);
    expect(t.match('2001:0DB8:0000:0000:0000:0000:0000:0001')).toEqual(['v6']);
    expect(t.match('2001:db8::2')).toEqual([]);
    expect(t.match('2001:db8::')).toEqual([]);
  });

  it('answers every nested prefix, least specific first, and every value of one prefix', () => {
    const t = trie([
      ['10.1.2.0/24', 'c'],
      ['10.0.0.0/8', 'a'],
      ['10.1.0.0/16', 'b'],
      ['10.1.0.0/16', 'b2'],
    ]);
    expect(t.match('10.1.2.3')).toEqual(['a', 'b', 'b2', 'c']);
    expect(t.match('10.1.3.3')).toEqual(['a', 'b', 'b2']);
    expect(t.match('10.2.0.0')).toEqual(['a']);
    expect(t.size).toBe(4);
  });

  it('files IPv4-mapped IPv6 addresses and prefixes as IPv4', () => {
    const t = trie([
      ['198.51.100.0/24', 'plain'],
      ['::ffff:203.0.113.0/120', 'mapped'],
      ['::/0', 'all v6'],
    ]);
    expect(t.match('::ffff:198.51.100.9')).toEqual(['plain']);
    expect(t.match('::FFFF:c633:6409')).toEqual(['plain']);
    expect(t.match('203.0.113.5')).toEqual(['mapped']);
    expect(t.match('2001:db8::1')).toEqual(['all v6']);
  });

  it('takes /0 as every address of its family only', () => {
    const t = trie([['0.0.0.0/0', 'any v4']]);
    expect(t.match('255.255.255.255')).toEqual(['any v4']);
    expect(t.match('::1')).toEqual([]);
  });

  it('refuses what is not a prefix, and answers nothing for what is not an address', () => {
    const t = new PrefixTrie<string>();
    for (const bad of [
      '10.0.0.0/33',
      '2001:db8::/129',
      'nope',
      '10.0.0.0/',
      '10.0.0.0/-1',
      'fe80::1%eth0/64',
    ])
      expect(() => t.add(bad, 'x'), bad).toThrow(/not an IP prefix/);
    t.add('10.0.0.0/8', 'x');
    expect(t.match('')).toEqual([]);
    expect(t.match('10.0.0')).toEqual([]);
    expect(t.match('example.com')).toEqual([]);
  });

  it('finds for 5,000 addresses exactly the prefixes a scan of all 1,100 finds', () => {
    const prefixes: string[] = [];
    for (let i = 0; i < 1000; i++)
      prefixes.push(`${20 + (i % 200)}.${i % 256}.${(i * 7) % 256}.0/${20 + (i % 9)}`);
    for (let i = 0; i < 100; i++) prefixes.push(`2001:db8:${i.toString(16)}::/48`);
    const t = new PrefixTrie<number>();
    prefixes.forEach((p, i) => t.add(p, i));
    const parsed = prefixes.map((p) => parseCidr(p)!);
    const holds = (c: Cidr, a: Cidr): boolean => {
      if (c.family !== a.family) return false;
      for (let bit = 0; bit < c.length; bit++) {
        const word = bit >> 5;
        const mask = 1 << (31 - (bit & 31));
        if ((c.words[word]! & mask) !== (a.words[word]! & mask)) return false;
      }
      return true;
    };
    let found = 0;
    for (let i = 0; i < 5_000; i++) {
      const ip =
        i % 10 === 0
          ? `2001:db8:${(i % 128).toString(16)}::${i.toString(16)}`
          : `${20 + (i % 220)}.${i % 256}.${(i >> 8) % 256}.${i % 251}`;
      const address = parseCidr(ip)!;
      const expected = parsed.flatMap((c, k) => (holds(c, address) ? [k] : []));
      expect(t.match(ip).sort((a, b) => a - b)).toEqual(expected);
      found += expected.length;
    }
    // The data set is built so that many addresses fall in some prefix and many in none.
    expect(found).toBeGreaterThan(250);
  });
});

describe('normalizeCidr', () => {
  it.each([
    ['1.2.3.4', '1.2.3.4/32'],
    ['10.1.2.3/8', '10.0.0.0/8'],
    [' 192.0.2.0/24 ', '192.0.2.0/24'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1/128'],
    ['2001:db8:0:0:1:0:0:1/128', '2001:db8::1:0:0:1/128'],
    ['2001:db8:0:1:0:0:0:0/64', '2001:db8:0:1::/64'],
    ['1:0:0:0:0:0:0:0', '1::/128'],
    ['::', '::/128'],
    ['::/0', '::/0'],
    ['fe80::/10', 'fe80::/10'],
    ['::ffff:1.2.3.0/120', '1.2.3.0/24'],
    ['::ffff:0:0/95', '::fffe:0:0/95'],
  ])('%s → %s', (text, canonical) => {
    expect(normalizeCidr(text)).toBe(canonical);
  });

  it('says whether host bits were set', () => {
    expect(parseCidr('10.1.2.3/8')?.exact).toBe(false);
    expect(parseCidr('10.0.0.0/8')?.exact).toBe(true);
    expect(parseCidr('1.2.3.4')?.exact).toBe(true);
  });
});
