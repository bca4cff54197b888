import { type ParsedAddress, parseAddress } from '../enrich/ip-address.js';
import { parseCidr } from './cidr.js';

interface Node<V> {
  zero?: Node<V>;
  one?: Node<V>;
  values?: V[];
}

/**
 * IPv4 and IPv6 prefixes in a binary trie over the address bits: a lookup walks at most 32 (or
 * 128) nodes whatever the number of prefixes, and collects every prefix on the way, so nested
 * prefixes all answer. IPv4-mapped IPv6 addresses and prefixes are filed as IPv4.
 */
export class PrefixTrie<V> {
  private readonly roots = { 4: {} as Node<V>, 6: {} as Node<V> };
  private count = 0;

  /** Number of (prefix, value) pairs added. */
  get size(): number {
    return this.count;
  }

  /** Files `value` under the prefix; throws on text that is not a prefix or an address. */
  add(cidr: string, value: V): void {
    const prefix = parseCidr(cidr);
    if (!prefix) throw new Error(`not an IP prefix: ${JSON.stringify(cidr)}`);
    let node = this.roots[prefix.family];
    for (let i = 0; i < prefix.length; i++) {
      const side = bit(prefix.words, i) ? 'one' : 'zero';
      node = node[side] ??= {};
    }
    (node.values ??= []).push(value);
    this.count++;
  }

  /** The values of every prefix holding the address, least specific first; [] for a non-address. */
  match(ip: string): V[] {
    const address = parseAddress(ip);
    return address ? this.matchAddress(address) : [];
  }

  matchAddress(address: ParsedAddress): V[] {
    const found: V[] = [];
    const bits = address.family === 4 ? 32 : 128;
    let node: Node<V> | undefined = this.roots[address.family];
    for (let i = 0; node; i++) {
      if (node.values) found.push(...node.values);
      if (i === bits) break;
      node = bit(address.words, i) ? node.one : node.zero;
    }
    return found;
  }
}

function bit(words: readonly number[], i: number): number {
  return (words[i >>> 5]! >>> (31 - (i & 31))) & 1;
}
