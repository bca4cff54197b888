import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAddress } from '../../src/enrich/ip-address.js';
import { arpaName, confirmAddress, createLookups, hostUnder } from '../../src/verify/fcrdns.js';
import { type DnsServer, startDnsServer } from '../support/dns-server.js';

// Documentation addresses (RFC 5737), none of them in any operator's published ranges.
const GOOD = '198.51.100.10';
const MISMATCH = '198.51.100.11';
const WRONG = '198.51.100.12';
const LOOKALIKE = '198.51.100.13';
const NO_PTR = '198.51.100.14';
const SILENT = '198.51.100.15';
const GOOGLE = ['google.com', 'googlebot.com'];

let dns: DnsServer;
beforeAll(async () => {
  dns = await startDnsServer({
    ptr: {
      [GOOD]: ['crawl-198-51-100-10.googlebot.com'],
      [MISMATCH]: ['crawl-198-51-100-11.googlebot.com'],
      [WRONG]: ['host-12.example.net'],
      [LOOKALIKE]: ['crawl-13.evilgooglebot.com'],
      [SILENT]: ['never.googlebot.com'],
    },
    a: {
      'crawl-198-51-100-10.googlebot.com': [GOOD],
      // The forward name points elsewhere: someone set a PTR they do not own the forward zone of.
      'crawl-198-51-100-11.googlebot.com': ['203.0.113.9'],
      'crawl-13.evilgooglebot.com': [LOOKALIKE],
    },
    silent: new Set(['15.100.51.198.in-addr.arpa']),
  });
});
afterAll(() => dns.close());

describe('hostUnder', () => {
  it.each([
    ['crawl-1.googlebot.com', true],
    ['googlebot.com', true],
    ['CRAWL-1.GoogleBot.com.', true],
    ['evilgooglebot.com', false],
    ['crawl.evilgooglebot.com', false],
    ['googlebot.com.evil.example', false],
  ])('%s under googlebot.com: %s', (host, under) => {
    expect(hostUnder(host, 'googlebot.com')).toBe(under);
  });
});

describe('forward-confirmed reverse DNS against a loopback server', () => {
  const lookups = () => createLookups([dns.address], 500);

  it('confirms an address whose PTR lies under the operator and whose name resolves back to it', async () => {
    expect(await confirmAddress(lookups(), GOOD, GOOGLE)).toEqual({
      result: 'confirmed',
      domain: 'googlebot.com',
    });
  });

  it('names each failure: forward mismatch, wrong suffix, a lookalike suffix, no PTR, timeout', async () => {
    expect(await confirmAddress(lookups(), MISMATCH, GOOGLE)).toEqual({ result: 'forward_mismatch' });
    expect(await confirmAddress(lookups(), WRONG, GOOGLE)).toEqual({ result: 'wrong_suffix' });
    expect(await confirmAddress(lookups(), LOOKALIKE, GOOGLE)).toEqual({ result: 'wrong_suffix' });
    expect(await confirmAddress(lookups(), NO_PTR, GOOGLE)).toEqual({ result: 'no_ptr' });
    expect(await confirmAddress(lookups(), SILENT, GOOGLE)).toEqual({ result: 'timeout' });
    // The lookalike's forward name was never asked: the suffix failed first.
    expect(dns.asked).not.toContain('A crawl-13.evilgooglebot.com');
  });
});

describe('cancelling', () => {
  it('ends a lookup in flight as a timeout, without waiting for its own (here 60 s)', async () => {
    const lookups = createLookups([dns.address], 60_000);
    const outcome = confirmAddress(lookups, SILENT, GOOGLE);
    await new Promise((r) => setTimeout(r, 50));
    lookups.cancel();
    expect(await outcome).toEqual({ result: 'timeout' });
  });
});

describe('arpaName', () => {
  it('spells the PTR question of IPv4 and IPv6 addresses', () => {
    expect(arpaName(parseAddress('66.249.66.1')!)).toBe('1.66.249.66.in-addr.arpa');
    expect(arpaName(parseAddress('2001:db8::567:89ab')!)).toBe(
      'b.a.9.8.7.6.5.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa',
    );
  });
});
