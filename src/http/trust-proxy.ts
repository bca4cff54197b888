import { PrefixTrie } from '../catalog/prefix-trie.js';

/**
 * TRUST_PROXY as Fastify's trust function. A hop count: the first `n` hops are proxies. A list of
 * addresses and prefixes: a trie over our own address parser, because proxy-addr's compiled list
 * parses every address with ipaddr.js on each `req.ip` (~3 % of a hit's CPU behind a proxy).
 */
export function trustProxyOption(v: boolean | number | string[]) {
  if (typeof v === 'number') return (_addr: string, hop: number) => hop < v;
  if (typeof v === 'boolean') return v;
  const proxies = new PrefixTrie<true>();
  for (const prefix of v) proxies.add(prefix, true);
  return (addr: string) => proxies.match(addr).length > 0;
}
