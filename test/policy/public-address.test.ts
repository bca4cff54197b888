import { describe, expect, it } from 'vitest';
import { addressRefusal } from '../../src/policy/public-address.js';

describe('addressRefusal', () => {
  it.each([
    ['93.184.215.14'],
    ['1.1.1.1'],
    ['2606:4700:4700::1111'],
    ['2a00:1450:4001:80b::200e'],
    // an IPv4-mapped or NAT64 form of a public address is that public address
    ['::ffff:93.184.215.14'],
    ['64:ff9b::5db8:d70e'],
  ])('lets %s through', (address) => {
    expect(addressRefusal(address, false)).toBeUndefined();
    expect(addressRefusal(address, true)).toBeUndefined();
  });

  it.each([
    // ranges an intranet site may live in: refused unless private ranges are allowed
    ['127.0.0.1', 'loopback', true],
    ['127.1.2.3', 'loopback', true],
    ['10.1.2.3', 'private', true],
    ['172.16.0.1', 'private', true],
    ['192.168.1.1', 'private', true],
    ['100.64.0.1', 'carrierGradeNat', true],
    ['169.254.10.1', 'linkLocal', true],
    ['::1', 'loopback', true],
    ['fe80::1', 'linkLocal', true],
    ['fd12:3456::1', 'uniqueLocal', true],
    ['::ffff:127.0.0.1', 'loopback', true],
    ['::ffff:7f00:1', 'loopback', true],
    ['::ffff:10.0.0.1', 'private', true],
    ['64:ff9b::a00:1', 'private', true],
    // never a web server anyone tracks: refused whatever the setting
    ['169.254.169.254', 'metadata', false],
    ['fd00:ec2::254', 'metadata', false],
    ['::ffff:169.254.169.254', 'metadata', false],
    ['0.0.0.0', 'unspecified', false],
    ['0.1.2.3', 'unspecified', false],
    ['::', 'unspecified', false],
    ['255.255.255.255', 'broadcast', false],
    ['224.0.0.1', 'multicast', false],
    ['ff02::1', 'multicast', false],
    ['192.0.2.1', 'reserved', false],
    ['198.51.100.1', 'reserved', false],
    ['203.0.113.1', 'reserved', false],
    ['198.18.0.1', 'reserved', false],
    ['240.0.0.1', 'reserved', false],
    ['2001:db8::1', 'reserved', false],
    ['2001:2::1', 'benchmarking', false],
    ['2002:7f00:1::', '6to4', false],
    ['2001:0:4136:e378::1', 'teredo', false],
    ['::7f00:1', 'not global unicast', false],
    ['::ffff:0:7f00:1', 'rfc6145', false],
    ['64:ff9b:1::a00:1', 'rfc6052', false],
    ['not an address', 'not an address', false],
  ])('refuses %s (%s); allowed with private ranges: %s', (address, range, intranet) => {
    expect(addressRefusal(address, false)).toBe(range);
    expect(addressRefusal(address, true)).toBe(intranet ? undefined : range);
  });
});
