/*
 * llms.txt per the llmstxt.org proposal: an H1 title, an optional blockquote summary, free notes,
 * then H2 sections of "file lists" (`- [title](url): notes`), `## Optional` marking links that a
 * short context may skip. Written by hand: npm has generators (Docusaurus, VitePress, Astro and
 * other site plugins) but the only parser found, @25xcodes/llmstxt-parser, is one release by one
 * maintainer; the proposal's own Python reference (llms_txt) is a few regular expressions, which
 * this follows, plus skipping fenced code so a `##` in an example is not a section.
 */

export interface LlmsLink {
  title: string;
  url: string;
  notes?: string;
}

export interface LlmsSection {
  name: string;
  /** The `## Optional` section (any case): links a short context may leave out. */
  optional: boolean;
  links: LlmsLink[];
}

/** A parsed llms.txt; plain data, safe to store as JSON. */
export interface ParsedLlms {
  /** The first H1; null when the file has none (the proposal requires one). */
  title: string | null;
  /** The blockquote right after the title, its lines joined by spaces. */
  summary?: string;
  /** H2 sections in file order; list items that are not a markdown link are skipped. */
  sections: LlmsSection[];
}

// As lenient as the reference parser: `#Title` is a title too.
const H1 = /^#(?!#)[ \t]*(.+?)(?:[ \t]+#+)?[ \t]*$/;
const H2 = /^##(?!#)[ \t]*(.+?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;
// `- [title](url "optional title"): notes`, or `(<url with spaces>)`; `*` and `+` bullets too;
// notes only after a colon.
const LINK =
  /^[ \t]*[-*+][ \t]+\[([^\]]*)\]\(\s*(?:<([^>]*)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)(?:[ \t]*:[ \t]*(.*))?/;

/** Parses an llms.txt. Never throws: what does not fit the proposal is skipped. */
export function parseLlms(text: string): ParsedLlms {
  let title: string | null = null;
  const sections: LlmsSection[] = [];
  let section: LlmsSection | null = null;
  let fence: string | null = null;
  // The summary may only start right after the title (blank lines aside) and ends with its quote.
  let summaryState: 'expected' | 'open' | 'done' = 'done';
  const summary: string[] = [];

  for (const line of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    if (fence) {
      if (line.trimStart().startsWith(fence)) fence = null;
      continue;
    }
    const opening = FENCE.exec(line);
    if (opening) {
      fence = opening[1]!;
      summaryState = 'done';
      continue;
    }
    const h2 = H2.exec(line);
    if (h2) {
      const name = h2[1]!.trim();
      section = { name, optional: name.toLowerCase() === 'optional', links: [] };
      sections.push(section);
      summaryState = 'done';
      continue;
    }
    const h1 = H1.exec(line);
    if (h1 && title === null && !section) {
      title = h1[1]!.trim();
      summaryState = 'expected';
      continue;
    }
    if (summaryState === 'expected' || summaryState === 'open') {
      const quote = /^[ \t]{0,3}>[ \t]?(.*)$/.exec(line);
      if (quote) {
        if (quote[1]!.trim()) summary.push(quote[1]!.trim());
        summaryState = 'open';
        continue;
      }
      if (line.trim() === '' && summaryState === 'expected') continue;
      summaryState = 'done';
    }
    if (!section) continue;
    const link = LINK.exec(line);
    if (link) {
      const notes = link[4]?.trim();
      section.links.push({ title: link[1]!.trim(), url: (link[2] ?? link[3])!, ...(notes ? { notes } : {}) });
    }
  }
  return { title, ...(summary.length > 0 ? { summary: summary.join(' ') } : {}), sections };
}

// Listed pages per origin, worked out once per parsed file: llmsLists runs once per agent fetch.
const listedPages = new WeakMap<ParsedLlms, Map<string, { origin: string; pages: Set<string> } | null>>();

/**
 * Whether the file lists a page of this site. Links count when absolute on the origin's host
 * (any scheme or port) or relative (resolved against the origin's root, wherever the file sits);
 * links in the free notes before the first H2 do not. Pathnames compare exactly (case, trailing
 * slash) after URL normalisation of both sides; query and fragment are ignored.
 *
 * A page and its markdown twin count as one: the proposal asks sites to serve a page's markdown at
 * its URL with `.md` appended (`index.html.md` for a directory URL). So a listed `/docs/page.md`
 * counts for `/docs/page.md` and `/docs/page`, a listed `/docs/page` for both too, and a listed
 * `/docs/index.html.md` for `/docs/`; `/docs/page.html` is `/docs/page.html.md`'s page, not
 * `/docs/page.md`'s.
 *
 * @param origin the site's origin, e.g. `https://example.com`
 * @param pathname the fetched path; anything from `?` or `#` on is ignored
 */
export function llmsLists(parsed: ParsedLlms, origin: string, pathname: string): boolean {
  const site = listed(parsed, origin);
  if (!site || site.pages.size === 0) return false;
  // Appended to the origin, never resolved: a path starting `//` must not name another host.
  const page = safeUrl(site.origin + (pathname.startsWith('/') ? '' : '/') + pathname);
  return page !== null && site.pages.has(pageKey(page.pathname));
}

function listed(parsed: ParsedLlms, origin: string) {
  let byOrigin = listedPages.get(parsed);
  if (!byOrigin) listedPages.set(parsed, (byOrigin = new Map()));
  let site = byOrigin.get(origin);
  if (site === undefined) byOrigin.set(origin, (site = listedOn(parsed, origin)));
  return site;
}

function listedOn(parsed: ParsedLlms, origin: string) {
  const base = safeUrl(origin);
  if (!base) return null;
  const pages = new Set<string>();
  for (const { links } of parsed.sections) {
    for (const { url } of links) {
      const target = safeUrl(url, base.origin);
      if (target && target.hostname === base.hostname) pages.add(pageKey(target.pathname));
    }
  }
  return { origin: base.origin, pages };
}

/** The page a path shows: its markdown twin's path without `.md`, and `index.html.md` as its directory. */
function pageKey(pathname: string): string {
  if (pathname.endsWith('/index.html.md')) return pathname.slice(0, -'index.html.md'.length);
  return pathname.endsWith('.md') ? pathname.slice(0, -'.md'.length) : pathname;
}

function safeUrl(url: string, base?: string): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}
