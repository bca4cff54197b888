import { ipv4ToNumber, type ParsedAddress } from './ip-address.js';

/**
 * IANA special-purpose IPv4 blocks (RFC 6890 and successors): private, loopback, link-local,
 * shared (CGNAT), documentation, benchmarking, multicast, reserved. The shipped country file
 * answers some of them (192.168.1.1 → "AU"), so they are excluded here rather than left to the
 * data.
 */
const V4_SPECIAL = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/3', // multicast, reserved and broadcast: 224.0.0.0–255.255.255.255
] as const;

const V4_RANGES: ReadonlyArray<readonly [number, number]> = V4_SPECIAL.map((cidr) => {
  const [base = '', bits = '32'] = cidr.split('/');
  const start = ipv4ToNumber(base);
  return [start, start + 2 ** (32 - Number(bits)) - 1] as const;
});

/** True for addresses that no public network locates: no country, ASN or city for them. */
export function isSpecialPurpose(addr: ParsedAddress): boolean {
  const w0 = addr.words[0] ?? 0;
  if (addr.family === 4) return V4_RANGES.some(([start, end]) => w0 >= start && w0 <= end);
  // Only 2000::/3 is global unicast; inside it, 2001:db8::/32 and 3fff::/20 are documentation.
  return w0 >>> 29 !== 1 || w0 === 0x2001_0db8 || w0 >>> 12 === 0x3fff0;
}
