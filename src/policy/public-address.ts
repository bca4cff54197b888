import ipaddr from 'ipaddr.js';

/**
 * Ranges an intranet site can live in: refused by default, allowed with `POLICY_FETCH_PRIVATE`.
 * Names are ipaddr.js's `range()`: RFC 1918, loopback, link-local, CGNAT (100.64/10), ULA (fc00::/7).
 */
const PRIVATE = new Set(['loopback', 'private', 'linkLocal', 'carrierGradeNat', 'uniqueLocal']);

/** Cloud instance metadata services (AWS, GCP, Azure, …; AWS's IPv6 one): never a tracked site. */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254']);

/** The embedded IPv4 address of an IPv4-mapped or well-known-prefix NAT64 (64:ff9b::/96) address. */
function embeddedIpv4(ip: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = ip.parts;
  const nat64 = p[0] === 0x64 && p[1] === 0xff9b && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0;
  if (!nat64 && ip.range() !== 'ipv4Mapped') return undefined;
  return new ipaddr.IPv4([p[6]! >> 8, p[6]! & 0xff, p[7]! >> 8, p[7]! & 0xff]);
}

/**
 * Why an address may not be fetched from, or undefined when it may: only public unicast passes
 * (IPv6 within 2000::/3). Refused: the private ranges above unless `allowPrivate`, and always
 * metadata, unspecified (0.0.0.0 reaches this machine), broadcast, multicast, reserved,
 * documentation, benchmarking and transition ranges (6to4, Teredo, IPv4-translated). An
 * IPv4-mapped or NAT64 address is judged by the IPv4 address inside it.
 */
export function addressRefusal(address: string, allowPrivate: boolean): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an address';
  const parsed = ipaddr.parse(address);
  const ip = parsed instanceof ipaddr.IPv6 ? (embeddedIpv4(parsed) ?? parsed) : parsed;
  if (METADATA.has(ip.toString())) return 'metadata';
  const range = ip.range();
  if (range === 'unicast') {
    if (ip instanceof ipaddr.IPv6 && ip.parts[0]! >> 13 !== 1) return 'not global unicast';
    return undefined;
  }
  return allowPrivate && PRIVATE.has(range) ? undefined : range;
}
