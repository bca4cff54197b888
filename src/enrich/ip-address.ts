import { isIP } from 'node:net';

/**
 * An address as range tables compare it: big-endian unsigned 32-bit words, one for IPv4 and four
 * for IPv6. `text` is the form to hand to MMDB readers. An IPv4-mapped IPv6 address
 * (`::ffff:1.2.3.4`) is returned as IPv4, because v4 data is filed under the v4 address.
 */
export interface ParsedAddress {
  family: 4 | 6;
  words: readonly number[];
  text: string;
}

/** Undefined for anything that is not an IP address. A zone index (`fe80::1%eth0`) is ignored. */
export function parseAddress(ip: string): ParsedAddress | undefined {
  const zone = ip.indexOf('%');
  const text = zone === -1 ? ip : ip.slice(0, zone);
  const family = isIP(text);
  if (family === 4) return { family: 4, words: [ipv4ToNumber(text)], text };
  if (family !== 6) return undefined;
  const words = ipv6ToWords(text);
  const [w0, w1, w2, w3 = 0] = words;
  if (w0 === 0 && w1 === 0 && w2 === 0xffff) return { family: 4, words: [w3], text: numberToIpv4(w3) };
  return { family: 6, words, text };
}

export function ipv4ToNumber(text: string): number {
  let value = 0;
  let octet = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === DOT) {
      value = value * 256 + octet;
      octet = 0;
    } else octet = octet * 10 + (c - ZERO);
  }
  return value * 256 + octet;
}

function numberToIpv4(value: number): string {
  return `${value >>> 24}.${(value >>> 16) & 255}.${(value >>> 8) & 255}.${value & 255}`;
}

/** Expects a valid IPv6 address (checked with `isIP`). */
function ipv6ToWords(text: string): number[] {
  const g = hextets(text);
  return [0, 2, 4, 6].map((i) => ((g[i]! << 16) | g[i + 1]!) >>> 0);
}

// One pass over the characters: this runs on every IPv6 hit, and split/flatMap cost ~3 µs.
function hextets(text: string): number[] {
  const groups: number[] = [];
  let gap = -1;
  let value = 0;
  let digits = 0;
  const dot = text.indexOf('.');
  const end = dot === -1 ? text.length : text.lastIndexOf(':') + 1;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === COLON) {
      if (digits > 0) groups.push(value);
      value = 0;
      digits = 0;
      if (text.charCodeAt(i + 1) === COLON) {
        gap = groups.length;
        i++;
      }
    } else {
      value = value * 16 + hexDigit(c);
      digits++;
    }
  }
  if (digits > 0) groups.push(value);
  if (dot !== -1) {
    const v4 = ipv4ToNumber(text.slice(end)); // a dotted quad fills the last two groups
    groups.push(v4 >>> 16, v4 & 0xffff);
  }
  if (gap !== -1) groups.splice(gap, 0, ...new Array<number>(8 - groups.length).fill(0));
  return groups;
}

const DOT = 46;
const COLON = 58;
const ZERO = 48;

function hexDigit(c: number): number {
  if (c <= 57) return c - ZERO;
  return (c | 32) - 87; // 'a'..'f' and 'A'..'F' → 10..15
}
