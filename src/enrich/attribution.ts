import { type Channel, channelOf } from './channel.js';
import { isInternal, parseReferrer, type Referrer } from './referrer.js';
import { isPaidTag, type SourceEntry, sourceForApp, sourceForHost, sourceForTag } from './source-table.js';

export { CHANNELS, type Channel } from './channel.js';
export { answerEngineOperator } from './source-table.js';

export interface Attribution {
  channel: Channel;
  /** The source table's name for a known source (`Google`, `ChatGPT`), else the tag as sent or the referrer's host. */
  source?: string;
  campaign?: string;
  medium?: string;
  term?: string;
  content?: string;
}

export interface AttributionInput {
  referrer?: string;
  /** The page URL's query string, without `?`. */
  query?: string;
  /** The page's own hostname. */
  hostname: string;
}

/** Ad networks' auto-tagging click ids, and the source each one implies. */
const CLICK_IDS = { gclid: 'google', gbraid: 'google', wbraid: 'google', msclkid: 'bing' } as const;

/**
 * Channel, source and campaign tags of a hit, from its referrer and its URL's utm_* parameters
 * (`source` and `ref` stand in for a missing utm_source). A tag names the source over the
 * referrer; the channel comes from the source's category, or the referrer's when the tag is not
 * one the table knows.
 *
 * Returns `null` for a referrer from the site itself (the page's hostname, with or without
 * `www.`, or a subdomain of it) on an untagged URL: such a hit starts no new source, so the
 * caller keeps the session's attribution, and a session that starts that way is direct.
 */
export function attribute(input: AttributionInput): Attribution | null {
  const params = new URLSearchParams(input.query ?? '');
  const tag = param(params, 'utm_source') ?? param(params, 'source') ?? param(params, 'ref');
  const medium = param(params, 'utm_medium');
  const clickSource = Object.entries(CLICK_IDS).find(([id]) => params.has(id))?.[1];
  let referrer = parseReferrer(input.referrer);
  if (referrer?.kind === 'web' && isInternal(referrer.host, input.hostname)) {
    if (tag === undefined && medium === undefined && clickSource === undefined) return null;
    referrer = undefined;
  }

  const tagged = tag === undefined ? undefined : sourceForTag(tag);
  const referred = referrer && knownReferrer(referrer);
  const clicked = clickSource && sourceForTag(clickSource);
  const entry = tagged ?? referred ?? clicked;
  const source =
    tagged?.name ?? tag ?? referred?.name ?? (referrer && referrerName(referrer)) ?? clicked?.name;

  const attribution: Attribution = {
    channel: channelOf({
      category: entry?.category,
      answerEngine: tagged?.category === 'answer_engine' || referred?.category === 'answer_engine',
      hasSource: source !== undefined,
      tag,
      medium,
      paidSignal: (tag !== undefined && isPaidTag(tag)) || (clicked !== undefined && entry === clicked),
    }),
  };
  if (source !== undefined) attribution.source = source;
  if (medium !== undefined) attribution.medium = medium;
  for (const [key, field] of [
    ['utm_campaign', 'campaign'],
    ['utm_term', 'term'],
    ['utm_content', 'content'],
  ] as const) {
    const value = param(params, key);
    if (value !== undefined) attribution[field] = value;
  }
  return attribution;
}

function param(params: URLSearchParams, key: string): string | undefined {
  const value = params.get(key)?.trim();
  return value ? value : undefined;
}

/**
 * The operator an answer-engine arrival is credited to (the crawl-to-refer ratio per operator,
 * docs/api.md#get-apicitation-gapsummary): the one behind the engine the session's source names (a tag names
 * the source over the referrer, as in `attribute`), else the one behind the engine its referrer is, so a link
 * from chatgpt.com tagged `utm_source=newsletter` still counts for OpenAI. Undefined when neither is an
 * answer engine.
 */
export function arrivalOperator(session: { source?: string; referrer?: string }): string | undefined {
  const named = session.source === undefined ? undefined : sourceForTag(session.source)?.operator;
  if (named !== undefined) return named;
  const referrer = parseReferrer(session.referrer);
  return referrer && knownReferrer(referrer)?.operator;
}

function knownReferrer(r: Referrer): SourceEntry | undefined {
  return r.kind === 'web' ? sourceForHost(r.host, r.pathname) : sourceForApp(r.app);
}

function referrerName(r: Referrer): string {
  return r.kind === 'web' ? r.host : r.app;
}
