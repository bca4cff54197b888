import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../src/enrich/ip-address.js';
import { isSpecialPurpose } from '../../src/enrich/reserved.js';

const hex = (words: readonly number[]) => words.map((w) => w.toString(16).padStart(8, '0')).join(':');

describe('parseAddress', () => {
  it.each([
    ['8.8.8.8', 4, '08080808', '8.8.8.8'],
    ['255.255.255.255', 4, 'ffffffff', '255.255.255.255'],
    ['::ffff:8.8.8.8', 4, '08080808', '8.8.8.8'],
    ['::ffff:0808:0808', 4, '08080808', '8.8.8.8'],
    ['2001:4860:4860::8888', 6, '20014860:48600000:00000000:00008888', '2001:4860:4860::8888'],
    ['::1', 6, '00000000:00000000:00000000:00000001', '::1'],
    ['1::', 6, '00010000:00000000:00000000:00000000', '1::'],
    ['1:2:3:4:5:6:7:8', 6, '00010002:00030004:00050006:00070008', '1:2:3:4:5:6:7:8'],
    ['64:ff9b::1.2.3.4', 6, '0064ff9b:00000000:00000000:01020304', '64:ff9b::1.2.3.4'],
    ['FE80::AB%eth0', 6, 'fe800000:00000000:00000000:000000ab', 'FE80::AB'],
  ] as const)('reads %s', (ip, family, words, text) => {
    const addr = parseAddress(ip);
    expect(addr?.family).toBe(family);
    expect(hex(addr!.words)).toBe(words);
    expect(addr?.text).toBe(text);
  });

  it.each(['', 'localhost', '1.2.3', '256.1.1.1', '1:2:3:4:5:6:7:8:9', 'unknown'])('rejects %j', (ip) => {
    expect(parseAddress(ip)).toBeUndefined();
  });
});

describe('isSpecialPurpose', () => {
  it.each([
    '0.1.2.3',
    '10.1.2.3',
    '100.64.0.1',
    '127.0.0.1',
    '169.254.1.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.2.1',
    '192.168.1.1',
    '198.18.0.1',
    '203.0.113.9',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:10.0.0.1',
    'fc00::1',
    'fe80::1',
    'ff02::1',
    '2001:db8::1',
    '3fff::1',
  ])('is true for %s', (ip) => {
    expect(isSpecialPurpose(parseAddress(ip)!)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '223.255.255.255',
    '2001:4860:4860::8888',
    '2a00::1',
  ])('is false for %s', (ip) => {
    expect(isSpecialPurpose(parseAddress(ip)!)).toBe(false);
  });
});
