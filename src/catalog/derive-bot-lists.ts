import type { Agent, Purpose } from './agents.js';
import type { CatalogInputs } from './catalog-inputs.js';
import { createClassifier, literalsPattern } from './classify.js';
import type { AgentFacts } from './agent-facts.js';
import { type Literal, literalsOf } from './literal-tokens.js';

/**
 * The agents of the two general bot lists (Matomo's device-detector as node-device-detector ships
 * it, and crawler-user-agents), after the AI lists: search engines, SEO tools, monitors, link
 * previews, feed readers, archivers, scanners, HTTP libraries. Each entry's expression is reduced
 * to literal tokens (literal-tokens.ts) and never run; a token an agent already has joins that
 * agent (its `sources` name the list), the others make a new agent. The operator is the one whose
 * site the entry links to; the purpose comes from a reviewed table of the lists' categories and
 * tags (`bot_lists` of overrides.json).
 */
export function fromBotLists(
  inputs: CatalogInputs,
  facts: AgentFacts,
  add: (agent: Agent) => void,
  problems: string[],
): void {
  const lists = inputs.overrides.bot_lists;
  const byToken = new Map<string, string>();
  for (const agent of facts.agents.values()) {
    // robots.txt-only tokens too: device-detector's Google-Extended is the catalog's, patternless.
    for (const text of agent.robots_tokens)
      byToken.set(key({ text, atStart: false, atEnd: false }), agent.agent_id);
    const literals = agent.ua_pattern === null ? null : literalsOf(agent.ua_pattern);
    if (literals?.ok) for (const l of literals.literals) byToken.set(key(l), agent.agent_id);
  }
  const operators = new OperatorResolver(inputs, facts, problems);
  const seenKeys = new Set<string>();
  /** Agents whose purpose a row of bot_lists.entries decides. */
  const reviewed = new Set<string>();

  const take = (entry: ListEntry) => {
    seenKeys.add(entry.key);
    const o = lists.entries[entry.key];
    if (lists.skip[entry.key] !== undefined) return;
    let literals: Literal[];
    if (o?.tokens) literals = o.tokens.map((text) => ({ text, atStart: false, atEnd: false }));
    else {
      const parsed = literalsOf(entry.pattern);
      if (!parsed.ok) return void facts.refused.push(`${entry.key}: ${parsed.reason}`);
      literals = parsed.literals.flatMap((l) => {
        const text = tidy(l.text);
        return text ? [{ ...l, text }] : [];
      });
    }
    const fresh: Literal[] = [];
    for (const literal of literals) {
      const owner = byToken.get(key(literal));
      if (owner === undefined) fresh.push(literal);
      else {
        const agent = facts.agents.get(owner)!;
        if (!agent.sources.includes(entry.source)) agent.sources.push(entry.source);
        // Another list's narrower purpose wins (crawler-user-agents tags Qwantbot a search
        // engine, device-detector a crawler); the AI lists' reviewed purposes stay.
        if (!isAiListAgent(agent) && !reviewed.has(owner))
          agent.purpose = strongest([agent.purpose, entry.purpose()]);
      }
    }
    if (fresh.length === 0) return;
    const group = fresh;
    const name = o?.name ?? entry.name ?? group[0]!.text;
    const id = o?.agent_id ?? slug(name);
    const existing = facts.agents.get(id);
    if (existing) {
      // The same name is the same agent (device-detector lists Googlebot twice; ArchiveBot is in
      // both lists): the tokens join it, unless its pattern is hand-written or it has none.
      const had = existing.ua_pattern === null ? null : literalsOf(existing.ua_pattern);
      if (had?.ok) {
        for (const l of group) byToken.set(key(l), id);
        existing.ua_pattern = literalsPattern([...had.literals, ...group]);
        if (!isAiListAgent(existing))
          existing.robots_tokens = unique([...existing.robots_tokens, ...group.map((l) => l.text)]);
      }
      if (!existing.sources.includes(entry.source)) existing.sources.push(entry.source);
      if (!isAiListAgent(existing) && !reviewed.has(id))
        existing.purpose = strongest([existing.purpose, entry.purpose()]);
      return;
    }
    for (const l of group) byToken.set(key(l), id);
    if (o?.purpose) reviewed.add(id);
    const free = group.filter((l) => !l.atStart && !l.atEnd).map((l) => l.text);
    if (free.length > 0) facts.matchTokens.set(id, free);
    add({
      agent_id: id,
      name,
      operator: o?.operator ?? operators.resolve(entry),
      purpose: o?.purpose ?? entry.purpose(),
      ua_pattern: literalsPattern(group),
      robots_tokens: unique(group.map((l) => l.text)),
      respects_robots: 'unknown',
      description: entry.description,
      sources: [entry.source],
    });
  };

  for (const bot of inputs.deviceDetector) {
    const category = bot.category ?? '';
    const purpose = lists.category_purposes[category];
    if (purpose === undefined) problems.push(`bot_lists.category_purposes lacks ${JSON.stringify(category)}`);
    const producer = bot.producer?.name ? ` by ${bot.producer.name}` : '';
    const entry = (name: string, pattern: string): ListEntry => ({
      key: `device-detector#${name}`,
      source: `device-detector#${name}`,
      pattern,
      name,
      urls: [bot.producer?.url, bot.url],
      producer: bot.producer?.name || undefined,
      purpose: () => purpose ?? 'other',
      description: `${category || 'Bot'}${producer} (Matomo device-detector's list).`,
    });
    // `$1` names each match by what matched: one agent per literal, named by it.
    const each = bot.name === '$1' ? literalsOf(bot.regex) : null;
    if (each === null) take(entry(bot.name, bot.regex));
    else if (!each.ok) facts.refused.push(`device-detector#$1 ${bot.regex}: ${each.reason}`);
    else for (const l of each.literals) take(entry(l.text, literalsPattern([l])));
  }
  // A crawler-user-agents entry known only by a host or URL (`yandex\.com\/bots`) whose every
  // example the agents so far already name adds nothing, and its longer token would take their
  // user agents from them (YandexBot's carries "yandex.com/bots"): it joins those agents.
  const earlier = createClassifier([...facts.agents.values()]);
  for (const entry of inputs.crawlerUserAgents) {
    const tags = entry.tags ?? [];
    const source = `crawler-user-agents#${entry.pattern}`;
    const parsed = literalsOf(entry.pattern);
    if (
      lists.entries[source] === undefined &&
      lists.skip[source] === undefined &&
      parsed.ok &&
      parsed.literals.every((l) => HOST_LIKE.test(l.text)) &&
      entry.instances.length > 0 &&
      entry.instances.every((ua) => earlier(ua) !== null)
    ) {
      for (const ua of entry.instances) {
        const agent = facts.agents.get(earlier(ua)!.agent_id)!;
        if (!agent.sources.includes(source)) agent.sources.push(source);
      }
      continue;
    }
    for (const tag of tags)
      if (lists.tag_purposes[tag] === undefined)
        problems.push(`bot_lists.tag_purposes lacks ${JSON.stringify(tag)}`);
    take({
      key: source,
      source,
      pattern: entry.pattern,
      name: undefined,
      // The list's link, else the operator's own in the user agent ("+https://…/bot").
      urls: [
        entry.url,
        ...[...(entry.instances[0] ?? '').matchAll(/https?:\/\/[^\s;,()<>"']+/g)].map((m) => m[0]),
      ],
      producer: undefined,
      purpose: () => strongest(tags.map((t) => lists.tag_purposes[t] ?? 'other')),
      description: entry.description ?? `${tags.join(', ') || 'bot'} (crawler-user-agents).`,
    });
  }
  for (const k of [...Object.keys(lists.entries), ...Object.keys(lists.skip)])
    if (!seenKeys.has(k)) problems.push(`bot_lists: ${JSON.stringify(k)} is in neither list`);
  operators.check();
}

interface ListEntry {
  key: string;
  source: string;
  pattern: string;
  /** The list's own name for the agent; none: its first token. */
  name: string | undefined;
  /** Links to the operator, best first. */
  urls: Array<string | undefined>;
  producer: string | undefined;
  purpose: () => Purpose;
  description: string;
}

/** A host name, e-mail address or URL rather than a product name. */
const HOST_LIKE = /^[^\s]*[\w-]\.[a-z]{2,}(?:[/:?#]\S*)?$/i;

function isAiListAgent(agent: Agent): boolean {
  return agent.sources.some((s) => s.startsWith('ai.robots.txt#') || s.startsWith('legitbot#'));
}

/** A tag naming a narrower purpose wins: an AI crawler that is also a search engine searches. */
function strongest(purposes: Purpose[]): Purpose {
  for (const p of ['user_action', 'search', 'training'] as const) if (purposes.includes(p)) return p;
  return 'other';
}

/**
 * A token is one whether anchored or not, and with or without the `/` that a version follows:
 * `^Turnitin` and `Turnitin` are one agent's, `Googlebot/` is the catalog's `Googlebot`.
 */
const key = (l: Literal) => l.text.toLowerCase().replace(/\/$/, '');

/**
 * A literal as a token: without the spaces and `;` around it. A trailing `/` stays (`Fetch/`
 * names the product `Fetch/1.0`, not a word in prose). Too short or without a letter, it would
 * name too much.
 */
function tidy(text: string): string | null {
  const t = text.replace(/^[\s;(]+|[\s;(]+$/g, '');
  return t.replace(/\/$/, '').length >= 3 && /[a-z]/i.test(t) && /^[\x20-\x7e]+$/.test(t) ? t : null;
}

function unique(list: string[]): string[] {
  return [...new Map(list.map((t) => [t.toLowerCase(), t])).values()];
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Second-level labels under which a name is registered one label deeper (`example.co.uk`). */
const SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'ac', 'ne', 'or', 'go', 'gov', 'edu', 'gob']);
/** Hosts whose first path segment names the operator (`github.com/<owner>/…`). */
const OWNER_HOSTS = new Set(['github.com', 'gitlab.com', 'bitbucket.org']);

/**
 * The operator of a list entry: a reviewed row of `bot_lists.operator_domains` for its site's
 * domain, else the catalog operator whose docs are on that domain, else a new operator named
 * after the entry's producer (device-detector) or its domain; `unknown` without a site.
 */
class OperatorResolver {
  private byDomain = new Map<string, string>();
  private used = new Set<string>();
  private created = new Map<string, { name: string; docs_url: string }>();

  constructor(
    private inputs: CatalogInputs,
    private facts: AgentFacts,
    private problems: string[],
  ) {
    for (const [operator, urls] of facts.docs)
      for (const url of urls) {
        const domain = this.domain(url);
        if (domain && !this.byDomain.has(domain)) this.byDomain.set(domain, operator);
      }
    for (const [id, o] of Object.entries(inputs.overrides.operators)) {
      const domain = o.docs_url ? domainOf(o.docs_url) : null;
      if (domain) this.byDomain.set(domain, id);
    }
  }

  /** The domain of a link to an operator; null for none, or a directory of bots (knownagents.com). */
  private domain(url: string | undefined): string | null {
    const domain = url ? domainOf(url) : null;
    const host = url && domain ? new URL(url).hostname.toLowerCase() : '';
    const directories = this.inputs.overrides.bot_lists.directory_domains;
    if (!domain || directories.includes(domain) || directories.includes(host)) return null;
    return domain;
  }

  resolve(entry: ListEntry): string {
    const url = entry.urls.find((u) => this.domain(u) !== null);
    const domain = this.domain(url);
    if (!url || !domain) return 'unknown';
    const reviewed = this.inputs.overrides.bot_lists.operator_domains[domain];
    if (reviewed !== undefined) this.used.add(domain);
    // A brand the catalog knows under another domain (google.de) is that operator.
    const id = reviewed ?? this.byDomain.get(domain) ?? operatorId(domain);
    if (id !== 'unknown' && !this.known(id)) {
      const made = this.created.get(id);
      if (!made)
        this.created.set(id, {
          name: entry.producer ?? ownerOf(domain),
          docs_url: url.replace(/[.)]+$/, ''),
        });
      else if (entry.producer && made.name === ownerOf(domain)) made.name = entry.producer;
    }
    this.byDomain.set(domain, id);
    return id;
  }

  /** Operators of the catalog have a reviewed row (derive-catalog insists). */
  private known(id: string): boolean {
    return Object.hasOwn(this.inputs.overrides.operators, id);
  }

  /** Operators made here, for derive-catalog to list with their names and docs. */
  check(): void {
    for (const domain of Object.keys(this.inputs.overrides.bot_lists.operator_domains))
      if (!this.used.has(domain))
        this.problems.push(`bot_lists.operator_domains.${domain} is the domain of no entry`);
    for (const [id, o] of this.created) this.facts.madeOperators.set(id, o);
  }
}

/** `ahrefs.com` → `ahrefs`, `github.com/owner` → `owner`, `example.co.uk` → `example`. */
function operatorId(domain: string): string {
  return slug(ownerOf(domain).split('.')[0]!);
}

function ownerOf(domain: string): string {
  return domain.includes('/') ? domain.split('/')[1]! : domain;
}

/**
 * The registrable domain of a URL (`https://www.bing.com/x` → `bing.com`, `…co.uk` keeps three
 * labels), or `github.com/<owner>` for a code host; null for no URL.
 */
export function domainOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const labels = parsed.hostname.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length < 2 || labels.every((l) => /^\d+$/.test(l))) return null;
  const keep = labels.length > 2 && SECOND_LEVEL.has(labels[labels.length - 2]!) ? 3 : 2;
  const domain = labels.slice(-keep).join('.');
  if (OWNER_HOSTS.has(domain) && labels.join('.').replace(/^www\./, '') === domain) {
    const owner = parsed.pathname.split('/')[1]?.toLowerCase();
    return owner ? `${domain}/${owner}` : domain;
  }
  if (domain === 'github.io') return `${labels[labels.length - 3] ?? ''}.github.io`;
  return domain;
}
