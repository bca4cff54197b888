import { parseAddress } from '../enrich/ip-address.js';

/**
 * A prefix as the trie walks it: the network's big-endian 32-bit words (one for IPv4, four for
 * IPv6) with the bits past `length` cleared. `exact` is false when the text had such bits set
 * (`1.2.3.4/24`): the prefix is then the network that holds the address.
 */
export interface Cidr {
  family: 4 | 6;
  words: readonly number[];
  length: number;
  exact: boolean;
}

/**
 * Reads `a.b.c.d/n`, `x:…:y/n` or a bare address (a /32 or /128). An IPv4-mapped IPv6 prefix of
 * length 96 or more (`::ffff:1.2.3.0/120`) is the IPv4 prefix it maps (`1.2.3.0/24`), as addresses
 * are. Undefined for anything else, zone indexes included.
 */
export function parseCidr(text: string): Cidr | undefined {
  const slash = text.indexOf('/');
  const addressText = slash === -1 ? text : text.slice(0, slash);
  if (addressText.includes('%')) return undefined;
  const address = parseAddress(addressText);
  if (!address) return undefined;
  const v6Text = addressText.includes(':');
  const max = v6Text ? 128 : 32;
  let length = max;
  if (slash !== -1) {
    const lengthText = text.slice(slash + 1);
    if (!/^\d{1,3}$/.test(lengthText)) return undefined;
    length = Number(lengthText);
    if (length > max) return undefined;
  }
  if (v6Text && address.family === 4) {
    if (length >= 96) return masked(4, address.words, length - 96);
    return masked(6, [0, 0, 0xffff, address.words[0]!], length);
  }
  return masked(address.family, address.words, length);
}

/** The canonical text of a prefix: the network address (RFC 5952 for IPv6) and its length. */
export function formatCidr(cidr: Cidr): string {
  const address = cidr.family === 4 ? formatIpv4(cidr.words[0]!) : formatIpv6(cidr.words);
  return `${address}/${cidr.length}`;
}

/** The canonical text of a prefix or address, or undefined when it is neither. */
export function normalizeCidr(text: string): string | undefined {
  const cidr = parseCidr(text.trim());
  return cidr && formatCidr(cidr);
}

/** Canonical texts of prefixes, without duplicates, IPv4 first, then by address and length. */
export function sortedCidrs(prefixes: readonly Cidr[]): string[] {
  const sorted = [...prefixes].sort((a, b) => {
    if (a.family !== b.family) return a.family - b.family;
    for (let i = 0; i < a.words.length; i++) if (a.words[i] !== b.words[i]) return a.words[i]! - b.words[i]!;
    return a.length - b.length;
  });
  return [...new Set(sorted.map(formatCidr))];
}

function masked(family: 4 | 6, words: readonly number[], length: number): Cidr {
  let exact = true;
  const out = words.map((word, i) => {
    const bits = Math.min(Math.max(length - 32 * i, 0), 32);
    const mask = bits === 0 ? 0 : (0xffff_ffff << (32 - bits)) >>> 0;
    const network = (word & mask) >>> 0;
    if (network !== word) exact = false;
    return network;
  });
  return { family, words: out, length, exact };
}

function formatIpv4(word: number): string {
  return `${word >>> 24}.${(word >>> 16) & 255}.${(word >>> 8) & 255}.${word & 255}`;
}

/** RFC 5952: lower-case hex, no leading zeros, the longest run of two or more zero groups as `::`. */
function formatIpv6(words: readonly number[]): string {
  const groups = words.flatMap((w) => [w >>> 16, w & 0xffff]);
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = (g: number[]) => g.map((n) => n.toString(16)).join(':');
  if (bestStart === -1) return hex(groups);
  return `${hex(groups.slice(0, bestStart))}::${hex(groups.slice(bestStart + bestLength))}`;
}
