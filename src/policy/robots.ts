import { compileGlob, type GlobMatcher } from '../patterns/glob.js';

/*
 * robots.txt per RFC 9309, read line by line here. Matching is Google's reference algorithm (`*`,
 * a final `$`, most octets wins, allow wins a tie), with the rules of every group naming the same
 * agent merged, as robots-parser (samclarke) implements it; its verdicts are kept exactly (the
 * tests run Google's and the RFC's cases). The library itself is not used: its matcher costs a
 * rule's length times the path's, on every fetch the projector judges, where src/patterns/glob.ts
 * costs their sum. Its line reader departs from the RFC too: it would
 * - let a Sitemap, Crawl-delay or unknown record end a run of user-agent lines (§2.2.4: other
 *   records MUST NOT terminate a group);
 * - send an agent named only by a group without rules to `*` (§2.1, §5.1: that group allows all);
 * - find the group "Foo Bar" only for an agent called "Foo Bar", not for the product token "Foo"
 *   (§2.2.1; Google reads a value up to its first character that cannot be in a token);
 * - tell `%62` from `b`, and never match a literal `*` or `$` in a path to the `%2A`/`%24` a rule
 *   has to use for it (§2.2.2, §2.2.3);
 * - not exempt `/robots.txt` (§2.2.2), parse without limit (§2.5), and misread a line after a BOM.
 */

/** One Allow or Disallow line, its path as written. */
export interface RobotsRule {
  allow: boolean;
  path: string;
}

/**
 * Content Signals (contentsignals.org): what content fetched under a group may be used for, a
 * signal name (`search`, `ai-input`, `ai-train`, or any other) → `yes` or `no`.
 */
export type ContentSignals = Record<string, 'yes' | 'no'>;

/** A run of user-agent lines and the rules after it, as written in the file. */
export interface RobotsGroup {
  /** The user-agent values as written, comments and surrounding blanks removed; `*` for the default group. */
  agents: string[];
  /** Rules with an empty path are left out: they match nothing (RFC 9309 §2.2.2). */
  rules: RobotsRule[];
  /** The group's Content-Signal lines, merged (a later value of a signal wins); absent without any. */
  content_signals?: ContentSignals;
}

/** A rule ready to match: its canonical pattern's length (its "octets"), its glob, and the glob compiled on first use. */
interface CompiledRule {
  allow: boolean;
  length: number;
  glob: string;
  matcher?: GlobMatcher;
}

/** What `parseRobots` keeps for matching. */
interface RobotsMatcher {
  /**
   * A lower-cased name (a group's product token or whole value, or `*`) → the rules of every group
   * it names, in file order, as written and compiled.
   */
  readonly byName: ReadonlyMap<
    string,
    { rules: readonly RobotsRule[]; compiled: readonly CompiledRule[]; groups: readonly number[] }
  >;
}

/** A parsed robots.txt: parse once, then match any number of fetches against it. */
export interface ParsedRobots {
  groups: RobotsGroup[];
  sitemaps: string[];
  /** Content-Signal lines before the first user-agent line, which no group holds; absent without any. */
  content_signals?: ContentSignals;
  /** For `groupFor`/`robotsAllows` only; not serialisable (store `groups` and `sitemaps`). */
  readonly matcher: RobotsMatcher;
}

/** The group an agent obeys: `token` is the robots token that named it, or `*`. */
export interface RobotsGroupMatch {
  token: string;
  /** The rules of every group naming that token, merged (RFC 9309 §2.2.1). */
  rules: readonly RobotsRule[];
}

// Paths are resolved against a fixed origin (dot segments removed, as a crawler's URL would be).
const ORIGIN = 'https://robots.invalid';

/** RFC 9309 §2.5 asks crawlers to parse at least 500 KiB; Google parses that much and no more. */
export const ROBOTS_PARSE_LIMIT_BYTES = 500 * 1024;

/**
 * Parses a robots.txt. Only the first 500 KiB count, cut at the last line break before the limit
 * so that a cut rule does not become a shorter, broader one.
 */
export function parseRobots(text: string): ParsedRobots {
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  const fileSignals = new Map<string, 'yes' | 'no'>();
  const groupSignals = new Map<RobotsGroup, Map<string, 'yes' | 'no'>>();
  let group: RobotsGroup | null = null;
  let sawRule = false;
  // A leading BOM, or the U+FFFD that a decoder made of a cut one, can only spoil the first line.
  for (const raw of withinParseLimit(text)
    .replace(/^[\uFEFF\uFFFD]/, '')
    .split(/\r\n|\r|\n/)) {
    const hash = raw.indexOf('#');
    const line = hash < 0 ? raw : raw.slice(0, hash);
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = trimWs(line.slice(0, colon)).toLowerCase();
    const value = trimWs(line.slice(colon + 1));
    if (key === 'user-agent') {
      if (!group || sawRule) {
        group = { agents: [], rules: [] };
        groups.push(group);
        sawRule = false;
      }
      if (value) group.agents.push(value);
    } else if (key === 'allow' || key === 'disallow') {
      // A rule before the first user-agent line belongs to no group (RFC 9309 §2.2.2).
      if (!group) continue;
      sawRule = true;
      if (value) group.rules.push({ allow: key === 'allow', path: value });
    } else if (key === 'sitemap' && value) {
      sitemaps.push(value);
    } else if (key === 'content-signal') {
      // An unknown record to RFC 9309, so it neither starts nor ends a group: it belongs to the
      // group being read, or to the whole file before the first user-agent line.
      let signals = fileSignals;
      if (group) {
        signals = groupSignals.get(group) ?? new Map();
        groupSignals.set(group, signals);
      }
      readContentSignals(value, signals);
    }
  }
  for (const [g, signals] of groupSignals) if (signals.size > 0) g.content_signals = signalsObject(signals);
  return {
    groups,
    sitemaps,
    ...(fileSignals.size > 0 ? { content_signals: signalsObject(fileSignals) } : {}),
    matcher: buildMatcher(groups),
  };
}

/** Signals kept per group (or file-wide): a file cannot make a group hold more. */
export const CONTENT_SIGNALS_MAX = 16;
// Pairs read per line; the rest of a longer line is ignored.
const CONTENT_SIGNAL_PAIRS_PER_LINE = 32;
const CONTENT_SIGNAL = /^([a-z][a-z0-9-]{0,31})[ \t]*=[ \t]*(yes|no)$/;

/**
 * `search=yes, ai-train=no`: comma-separated `name=yes|no` pairs, names and values read
 * case-insensitively; a malformed pair is skipped, the others kept.
 */
function readContentSignals(value: string, into: Map<string, 'yes' | 'no'>): void {
  for (const pair of value.split(',', CONTENT_SIGNAL_PAIRS_PER_LINE)) {
    const m = CONTENT_SIGNAL.exec(trimWs(pair).toLowerCase());
    if (!m) continue;
    const [, name, verdict] = m as unknown as [string, string, 'yes' | 'no'];
    if (into.has(name) || into.size < CONTENT_SIGNALS_MAX) into.set(name, verdict);
  }
}

// Object.fromEntries defines own properties: a signal named like an Object.prototype member stays data.
const signalsObject = (signals: Map<string, 'yes' | 'no'>): ContentSignals => Object.fromEntries(signals);

function buildMatcher(groups: readonly RobotsGroup[]): RobotsMatcher {
  const byName = new Map<string, { rules: RobotsRule[]; compiled: CompiledRule[]; groups: number[] }>();
  for (const [index, { agents, rules }] of groups.entries()) {
    const names = new Set(agents.flatMap((value) => namesOf(value)));
    if (names.size === 0) continue;
    const compiled = rules.map(compileRule);
    for (const name of names) {
      let entry = byName.get(name);
      if (!entry) byName.set(name, (entry = { rules: [], compiled: [], groups: [] }));
      entry.rules.push(...rules);
      entry.compiled.push(...compiled);
      entry.groups.push(index);
    }
  }
  return { byName };
}

/** A rule matches a path it is a prefix of (`*` = any characters), or the whole path with a final `$`. */
function compileRule(rule: RobotsRule): CompiledRule {
  const pattern = canonicalPattern(rule.path);
  const whole = pattern.endsWith('$');
  return { allow: rule.allow, length: pattern.length, glob: whole ? pattern.slice(0, -1) : `${pattern}*` };
}

/**
 * The names a user-agent value gives its group: its product token, read as Google does up to the
 * first character that cannot be in one ("FooBot/2.1" and "Foo Bar" name FooBot and Foo), and the
 * whole value, for agents the catalog knows by names like "Terra Cotta". Digits count as token
 * characters, though RFC 9309 has none: AI2Bot must not become AI.
 */
function namesOf(value: string): string[] {
  if (value === '*' || /^\*[ \t]/.test(value)) return ['*'];
  const token = /^[A-Za-z0-9_-]+/.exec(value)?.[0];
  const names = [value.toLowerCase()];
  if (token && token !== value) names.push(token.toLowerCase());
  return names;
}

/**
 * The group an agent obeys: the first of its robots tokens (catalog order) that names a group,
 * else the `*` group, else null (no rules: everything allowed). A group names a token when its
 * user-agent value, or that value's product token, equals it case-insensitively (see `namesOf`).
 */
export function groupFor(parsed: ParsedRobots, tokens: readonly string[]): RobotsGroupMatch | null {
  const match = findGroup(parsed, tokens);
  return match && { token: match.token, rules: match.rules };
}

/** The indexes in `groups` of the groups `groupFor` merges for these tokens, in file order; empty for none. */
export function groupIndexesFor(parsed: ParsedRobots, tokens: readonly string[]): readonly number[] {
  return findGroup(parsed, tokens)?.groups ?? [];
}

function findGroup(parsed: ParsedRobots, tokens: readonly string[]) {
  const { byName } = parsed.matcher;
  for (const token of tokens) {
    const entry = byName.get(trimWs(token).toLowerCase());
    if (entry) return { token, ...entry };
  }
  const entry = byName.get('*');
  return entry ? { token: '*', ...entry } : null;
}

/**
 * Whether an agent known by these robots tokens may fetch a path (pathname plus an optional
 * `?query`; a `#fragment` is ignored). `/robots.txt` itself is always allowed (RFC 9309 §2.2.2).
 * Paths compare after RFC 3986 normalisation on both sides: `%xx` of an unreserved character is
 * that character, other escapes are upper-cased, anything a URI cannot hold literally is
 * percent-encoded (UTF-8), and a literal `*` or `$` in the path is compared as `%2A`/`%24`, the
 * form a rule has to use for it (§2.2.3). Reserved characters are compared as written, so
 * `https://` in a query does not match `https%3A%2F%2F`.
 */
export function robotsAllows(parsed: ParsedRobots, tokens: readonly string[], pathAndQuery: string): boolean {
  const path = canonicalPath(pathAndQuery);
  if (path === '/robots.txt' || path.startsWith('/robots.txt?')) return true;
  const group = findGroup(parsed, tokens);
  if (!group || group.compiled.length === 0) return true;
  let target: string;
  try {
    const url = new URL(ORIGIN + path);
    target = (url.pathname + url.search).replace(/%[0-9a-f]{2}/gi, (m) => m.toUpperCase());
  } catch {
    return true;
  }
  // The longest matching pattern decides, an allow winning a tie; a rule that could not win is not tried.
  let best: CompiledRule | undefined;
  for (const rule of group.compiled) {
    if (best && (rule.length < best.length || (rule.length === best.length && (best.allow || !rule.allow))))
      continue;
    if ((rule.matcher ??= compileGlob(rule.glob))(target)) best = rule;
  }
  return best?.allow ?? true;
}

// RFC 9309's WS is space and tab; String.prototype.trim would also eat a BOM inside the file.
function trimWs(s: string): string {
  return s.replace(/^[ \t\v\f]+|[ \t\v\f]+$/g, '');
}

function withinParseLimit(text: string): string {
  // A UTF-16 code unit is at most 3 UTF-8 bytes: short texts need no counting.
  if (text.length * 3 <= ROBOTS_PARSE_LIMIT_BYTES) return text;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= ROBOTS_PARSE_LIMIT_BYTES) return text;
  const cut = bytes.subarray(0, ROBOTS_PARSE_LIMIT_BYTES).toString('utf8');
  return cut.slice(0, Math.max(cut.lastIndexOf('\n'), cut.lastIndexOf('\r')) + 1);
}

// Characters a path or query may hold literally (RFC 3986 pchar, `/`, `?`), less `*`, `$` and `'`:
// `*` and `$` are pattern syntax, and the library's WHATWG URL parse escapes `'` in a query.
const LITERAL = /[A-Za-z0-9\-._~!&()+,;=:@/?]/;
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!&()+,;=:@/?]*$/;
const UNRESERVED = /[A-Za-z0-9\-._~]/;

function canonicalPath(pathAndQuery: string): string {
  const hash = pathAndQuery.indexOf('#');
  const s = hash < 0 ? pathAndQuery : pathAndQuery.slice(0, hash);
  if (PLAIN_PATH.test(s)) return s;
  const out = canonical(s, false);
  return out.startsWith('/') ? out : `/${out}`;
}

function canonicalPattern(pattern: string): string {
  return canonical(pattern, true);
}

function canonical(s: string, isPattern: boolean): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      const decoded = String.fromCharCode(parseInt(s.slice(i + 1, i + 3), 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${s.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
    } else if (LITERAL.test(c)) {
      out += c;
    } else if (isPattern && (c === '*' || (c === '$' && i === s.length - 1))) {
      out += c;
    } else {
      const code = s.codePointAt(i)!;
      if (code > 0xffff) i++;
      out += percentEncode(String.fromCodePoint(code));
    }
  }
  return out;
}

function percentEncode(char: string): string {
  let out = '';
  for (const byte of Buffer.from(char, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}
