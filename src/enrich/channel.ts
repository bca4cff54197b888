import type { SourceCategory } from './source-table.js';

export const CHANNELS = [
  'direct',
  'organic_search',
  'paid_search',
  'organic_social',
  'paid_social',
  'email',
  'referral',
  'answer_engine',
  'affiliate',
  'display',
  'video',
] as const;
export type Channel = (typeof CHANNELS)[number];

export interface ChannelInput {
  /** The category of the session's source, if the source table knows it. */
  category?: SourceCategory;
  /** The referrer or the utm_source is an answer engine. */
  answerEngine: boolean;
  /** Any source at all: a tag or an external referrer. */
  hasSource: boolean;
  /** utm_source / source / ref as sent. */
  tag?: string;
  medium?: string;
  /** An ad tag (`facebook_ads`) or an ad network's click id (`gclid`) for the source. */
  paidSignal: boolean;
}

// GA4's default channel group vocabularies (Plausible uses the same).
const PAID_MEDIUM = /^(?:.*cp.*|ppc|retargeting|paid.*)$/;
const DISPLAY_MEDIUMS: readonly string[] = ['display', 'banner', 'expandable', 'interstitial', 'cpm'];
const SOCIAL_MEDIUMS: readonly string[] = [
  'social',
  'social-network',
  'social-media',
  'sm',
  'social network',
  'social media',
];
const EMAIL_TAGS = ['email', 'e-mail', 'e_mail', 'e mail', 'newsletter'] as const;
const REFERRAL_MEDIUMS: readonly string[] = ['referral', 'app', 'link'];
const AFFILIATE_MEDIUMS: readonly string[] = ['affiliate', 'affiliates'];

/**
 * GA4's default channel grouping, in its order, with two changes: answer engines come first (an
 * arrival from ChatGPT is counted as such whatever else its tags say, which the citation gap
 * relies on), and GA's "Paid Other" and "Paid Video" fold into `display` and `video`, the
 * channels this vocabulary has.
 */
export function channelOf(c: ChannelInput): Channel {
  const medium = c.medium?.trim().toLowerCase() ?? '';
  const tag = c.tag?.trim().toLowerCase() ?? '';
  const paid = c.paidSignal || PAID_MEDIUM.test(medium);
  if (c.answerEngine) return 'answer_engine';
  if (paid && c.category === 'search') return 'paid_search';
  if (paid && c.category === 'social') return 'paid_social';
  if (paid && c.category === 'video') return 'video';
  if (paid || DISPLAY_MEDIUMS.includes(medium)) return 'display';
  if (c.category === 'social' || SOCIAL_MEDIUMS.includes(medium)) return 'organic_social';
  if (c.category === 'video' || medium.includes('video')) return 'video';
  if (c.category === 'search' || medium === 'organic') return 'organic_search';
  if (c.category === 'email' || EMAIL_TAGS.some((t) => tag.includes(t) || medium.includes(t))) return 'email';
  if (AFFILIATE_MEDIUMS.includes(medium)) return 'affiliate';
  if (c.hasSource || REFERRAL_MEDIUMS.includes(medium)) return 'referral';
  return 'direct';
}
