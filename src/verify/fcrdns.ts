import { Resolver } from 'node:dns/promises';
import { parseAddress, type ParsedAddress } from '../enrich/ip-address.js';

/** Why a check did not confirm an address (each counted in `twofold_reverse_dns_checks_total`). */
export const CHECK_FAILURES = ['no_ptr', 'wrong_suffix', 'forward_mismatch', 'timeout', 'error'] as const;
export type CheckFailure = (typeof CHECK_FAILURES)[number];

/** A confirmation names the operator's suffix the host ended with, never the host (it often spells the address). */
export type CheckOutcome = { result: 'confirmed'; domain: string } | { result: CheckFailure };

/** The lookups a check makes; node's Resolver in production, anything in a unit test. */
export interface Lookups {
  resolvePtr(name: string): Promise<string[]>;
  resolve4(host: string): Promise<string[]>;
  resolve6(host: string): Promise<string[]>;
}

/** PTR names and forward addresses looked at per check: a hostile zone may answer with many. */
const MAX_NAMES = 4;
const MAX_FORWARD = 32;

/**
 * A resolver asking `servers` (`address:port`; the system's when empty), each query given up
 * after `timeoutMs`, with no retry: a check that times out is one of its outcomes, not an error.
 */
export function createLookups(
  servers: readonly string[] | undefined,
  timeoutMs: number,
): Lookups & { cancel(): void } {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (servers && servers.length > 0) resolver.setServers([...servers]);
  return resolver;
}

/**
 * Whether `host` is `domain` or a name under it, compared by whole labels: `crawl-1.googlebot.com`
 * is under `googlebot.com`, `evilgooglebot.com` and `googlebot.com.evil.example` are not.
 */
export function hostUnder(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  const d = domain.toLowerCase().replace(/\.$/, '');
  return h === d || h.endsWith(`.${d}`);
}

/**
 * Forward-confirmed reverse DNS: the address's PTR names, the first under one of `domains`, and
 * that name's A (or AAAA) records, which must hold the address itself. The outcome tells which
 * step failed; an unexpected resolver error is `error`.
 */
export async function confirmAddress(
  lookups: Lookups,
  address: string,
  domains: readonly string[],
): Promise<CheckOutcome> {
  const parsed = parseAddress(address);
  if (!parsed) return { result: 'error' };
  let names: string[];
  try {
    // resolvePtr, not reverse(): reverse() also reads the hosts file and reports a timeout as ENOTFOUND.
    names = (await lookups.resolvePtr(arpaName(parsed))).slice(0, MAX_NAMES);
  } catch (err) {
    return { result: failureOf(err, 'no_ptr') };
  }
  if (names.length === 0) return { result: 'no_ptr' };
  let matched: { host: string; domain: string } | undefined;
  for (const host of names) {
    const domain = domains.find((d) => hostUnder(host, d));
    if (domain) {
      matched = { host, domain };
      break;
    }
  }
  if (!matched) return { result: 'wrong_suffix' };
  let forward: string[];
  try {
    const lookup = parsed.family === 4 ? lookups.resolve4(matched.host) : lookups.resolve6(matched.host);
    forward = (await lookup).slice(0, MAX_FORWARD);
  } catch (err) {
    return { result: failureOf(err, 'forward_mismatch') };
  }
  return forward.some((a) => sameAddress(parseAddress(a), parsed))
    ? { result: 'confirmed', domain: matched.domain }
    : { result: 'forward_mismatch' };
}

/** A name that does not exist or has no record of the type is `absent`; a silent server is a timeout. */
function failureOf(err: unknown, absent: CheckFailure): CheckFailure {
  const code = (err as { code?: unknown }).code;
  if (code === 'ETIMEOUT' || code === 'ECANCELLED') return 'timeout';
  if (code === 'ENOTFOUND' || code === 'ENODATA' || code === 'ENONAME') return absent;
  return 'error';
}

/** The PTR question name: `4.3.2.1.in-addr.arpa`, or IPv6's 32 nibbles under `ip6.arpa`. */
export function arpaName(a: ParsedAddress): string {
  if (a.family === 4) {
    const w = a.words[0]!;
    return `${w & 255}.${(w >>> 8) & 255}.${(w >>> 16) & 255}.${w >>> 24}.in-addr.arpa`;
  }
  const hex = a.words.map((w) => w.toString(16).padStart(8, '0')).join('');
  return `${[...hex].reverse().join('.')}.ip6.arpa`;
}

function sameAddress(a: ParsedAddress | undefined, b: ParsedAddress): boolean {
  return a !== undefined && a.family === b.family && a.words.every((w, i) => w === b.words[i]);
}
