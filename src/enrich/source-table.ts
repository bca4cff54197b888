import { z } from 'zod';
import data from './data/sources.json' with { type: 'json' };

/** What kind of place a source is; the channel follows from it (see channel.ts). */
export const SOURCE_CATEGORIES = ['search', 'social', 'video', 'email', 'answer_engine', 'referral'] as const;
export type SourceCategory = (typeof SOURCE_CATEGORIES)[number];

const SourceEntry = z
  .object({
    name: z.string().min(1),
    category: z.enum(SOURCE_CATEGORIES),
    /** Who runs an answer engine, e.g. `openai`: arrivals are credited to the operator's crawlers. */
    operator: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .optional(),
    hosts: z.array(z.string().min(1)),
    apps: z.array(z.string().min(1)).default([]),
    aliases: z.array(z.string().min(1)).default([]),
  })
  .refine((e) => (e.category === 'answer_engine') === (e.operator !== undefined), {
    message: 'answer engines, and only they, name an operator',
  });
export type SourceEntry = z.infer<typeof SourceEntry>;

export const SOURCES: readonly SourceEntry[] = z
  .object({ sources: z.array(SourceEntry) })
  .parse(data).sources;

const byHost = new Map<string, SourceEntry>();
/** `google.*` patterns, keyed by their first label. */
const byWildcard = new Map<string, SourceEntry>();
/** `kagi.com/assistant` patterns: host → [path prefix, entry], longest prefix first. */
const byHostPath = new Map<string, Array<[string, SourceEntry]>>();
const byApp = new Map<string, SourceEntry>();
/** utm_source spellings: names, aliases, lowercased. */
const byTag = new Map<string, SourceEntry>();

// A host or alias claimed twice would make the table's answer depend on its order: refuse it.
function claim(map: Map<string, SourceEntry>, key: string, entry: SourceEntry): void {
  const owner = map.get(key);
  if (owner && owner !== entry)
    throw new Error(`sources.json: "${key}" is claimed by ${owner.name} and ${entry.name}`);
  map.set(key, entry);
}

for (const entry of SOURCES) {
  for (const pattern of entry.hosts.map((h) => h.toLowerCase())) {
    const slash = pattern.indexOf('/');
    if (slash !== -1) {
      const list = byHostPath.get(pattern.slice(0, slash)) ?? [];
      list.push([pattern.slice(slash), entry]);
      list.sort((a, b) => b[0].length - a[0].length);
      byHostPath.set(pattern.slice(0, slash), list);
    } else if (pattern.endsWith('.*')) claim(byWildcard, pattern.slice(0, -2), entry);
    else claim(byHost, pattern, entry);
  }
  for (const app of entry.apps) claim(byApp, app.toLowerCase(), entry);
  for (const tag of [entry.name, ...entry.aliases]) claim(byTag, tag.toLowerCase(), entry);
}

/** A country or generic suffix after a wildcard's label: `com`, `de`, `co.uk`, `com.br`. */
const SUFFIX_LIKE = /^(?:(?:co|com|net|org|gov|edu|ac|or|ne|go|gob)\.)?[a-z]{2,3}$/;

/**
 * The source a referrer's host (and path) belongs to: the longest matching host wins, so
 * `mail.google.com` is Gmail and `gemini.google.com` Gemini, not Google search.
 */
export function sourceForHost(hostname: string, pathname = '/'): SourceEntry | undefined {
  let host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('www.')) host = host.slice(4);
  for (let s = host; ;) {
    const paths = byHostPath.get(s);
    if (paths) for (const [prefix, entry] of paths) if (pathname.startsWith(prefix)) return entry;
    const exact = byHost.get(s);
    if (exact) return exact;
    const dot = s.indexOf('.');
    if (dot === -1) return undefined;
    // Wildcards match the host itself only: docs.google.com is a document, not a Google search.
    const wildcard = s === host ? byWildcard.get(s.slice(0, dot)) : undefined;
    if (wildcard && SUFFIX_LIKE.test(s.slice(dot + 1))) return wildcard;
    s = s.slice(dot + 1);
  }
}

/** The source behind an `android-app://<package>` referrer. */
export function sourceForApp(pkg: string): SourceEntry | undefined {
  return byApp.get(pkg.toLowerCase());
}

/**
 * The source a utm_source (or `ref`/`source`) value names: a name or alias in any case
 * (`google`, `ig`), a host or URL (`chatgpt.com`), or either with an ad suffix (`facebook_ads`).
 */
export function sourceForTag(tag: string): SourceEntry | undefined {
  const t = tag.trim().toLowerCase();
  return byTagOrHost(t) ?? byTagOrHost(withoutAdSuffix(t));
}

function byTagOrHost(t: string): SourceEntry | undefined {
  if (t === '') return undefined;
  const named = byTag.get(t);
  if (named || !t.includes('.')) return named;
  const url = /^[a-z][a-z0-9+.-]*:\/\//.test(t) ? t : `https://${t}`;
  try {
    const parsed = new URL(url);
    return sourceForHost(parsed.hostname, parsed.pathname);
  } catch {
    return undefined;
  }
}

const AD_SUFFIX = /[-_ .]?ads?$/;

/** Tags like `facebook_ads` or `yt-ad` mark paid traffic from a known source (as Plausible reads them). */
export function isPaidTag(tag: string): boolean {
  const t = tag.trim().toLowerCase();
  return (
    t === 'adwords' ||
    (AD_SUFFIX.test(t) && withoutAdSuffix(t) !== '' && byTagOrHost(withoutAdSuffix(t)) !== undefined)
  );
}

function withoutAdSuffix(t: string): string {
  return t.replace(AD_SUFFIX, '');
}

/**
 * The operator behind an answer engine (`openai`, `perplexity`, `anthropic`, `google`,
 * `microsoft`, …), from the engine's display name as attribution reports it (`ChatGPT`), a
 * utm_source spelling or a host (`chatgpt.com`). Undefined for anything else.
 */
export function answerEngineOperator(source: string): string | undefined {
  return sourceForTag(source)?.operator;
}
