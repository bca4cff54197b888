/** What a member can subscribe to on a site (docs/api.md#mailed-reports-and-alerts). */
export const SUBSCRIPTION_KINDS = ['weekly', 'monthly', 'spike', 'drop', 'agent_flood'] as const;
export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];

export const DIGEST_KINDS = ['weekly', 'monthly'] as const;
export type DigestKind = (typeof DIGEST_KINDS)[number];

export const ALERT_KINDS = ['spike', 'drop', 'agent_flood'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const isDigest = (kind: SubscriptionKind): kind is DigestKind =>
  kind === 'weekly' || kind === 'monthly';
