import { z } from 'zod';
import type { FeedFormat } from './agents.js';
import { parseCidr, sortedCidrs } from './cidr.js';

const Prefixes = z.looseObject({
  prefixes: z.array(z.looseObject({ ipv4Prefix: z.string().optional(), ipv6Prefix: z.string().optional() })),
});
const PublicIps = z.looseObject({
  publicIPs: z.array(z.looseObject({ ipv4: z.string().optional(), ipv6: z.string().optional() })),
});

/**
 * The prefixes a range feed publishes, canonical (`1.2.3.4` → `1.2.3.4/32`), without duplicates,
 * sorted by address. Throws when the body is not the format, an entry is not an address or prefix,
 * or nothing is listed: a broken feed must not empty a snapshot.
 *
 * - `json-prefixes`: `{"prefixes":[{"ipv4Prefix":"…"},{"ipv6Prefix":"…"}]}` (Google, Bing, OpenAI,
 *   Perplexity, Ahrefs, Anthropic; other keys such as `creationTime` are ignored)
 * - `json-public-ips`: `{"publicIPs":[{"ipv4":"…"}]}` (Integral Ad Science)
 * - `text`: plain text or an HTML page (DuckDuckGo's help pages, Marginalia's list): every line that
 *   holds only addresses or prefixes (comma- or space-separated, `#` comments allowed) counts, so a
 *   version number in prose ("Version 1.2.3.4") is never taken for an address.
 */
export function parseFeed(body: string, format: FeedFormat): string[] {
  const entries = format === 'text' ? textEntries(body) : jsonEntries(body, format);
  const prefixes = entries.map((entry) => {
    const cidr = parseCidr(entry.trim());
    if (!cidr) throw new Error(`not an address or prefix: ${JSON.stringify(entry)}`);
    return cidr;
  });
  if (prefixes.length === 0) throw new Error('the feed lists no addresses');
  return sortedCidrs(prefixes);
}

function jsonEntries(body: string, format: Exclude<FeedFormat, 'text'>): string[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new Error(`not JSON (${format} expected)`);
  }
  if (format === 'json-prefixes') {
    const parsed = Prefixes.safeParse(json);
    if (!parsed.success) throw new Error('not a {"prefixes":[…]} document');
    return parsed.data.prefixes.map((p, i) => one(p.ipv4Prefix, p.ipv6Prefix, `prefixes[${i}]`));
  }
  const parsed = PublicIps.safeParse(json);
  if (!parsed.success) throw new Error('not a {"publicIPs":[…]} document');
  return parsed.data.publicIPs.map((p, i) => one(p.ipv4, p.ipv6, `publicIPs[${i}]`));
}

function one(v4: string | undefined, v6: string | undefined, where: string): string {
  const value = v4 ?? v6;
  if (value === undefined || (v4 !== undefined && v6 !== undefined))
    throw new Error(`${where} must hold one IPv4 or one IPv6 entry`);
  return value;
}

function textEntries(body: string): string[] {
  const text = body
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '\n')
    .replace(/&nbsp;|&#160;/g, ' ');
  const entries: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') continue;
    const words = line.split(/[\s,;]+/).filter((w) => w !== '');
    if (words.every((w) => parseCidr(w) !== undefined)) entries.push(...words);
  }
  return entries;
}
