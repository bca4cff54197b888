import type { Config } from '../../config.js';
import type { Report } from '../envelope/report.js';
import { variant } from '../envelope/report.js';
import { contentDecay, DecayParams, type DecaySettings } from './decay.js';

type DecayConfig = Pick<Config, 'DECAY_DROP_PERCENT' | 'DECAY_MIN_PAGEVIEWS'>;

export const decaySettings = (config: DecayConfig): DecaySettings => ({
  dropPercent: config.DECAY_DROP_PERCENT,
  minPageviews: config.DECAY_MIN_PAGEVIEWS,
});

/**
 * `/api/content/decay`, the `content/decay` report of exports. Built from the configuration,
 * which holds the rule's thresholds. It sets people's pageviews against agents' fetches, so its
 * one audience is `all`.
 */
export function contentReports(config: DecayConfig): readonly Report[] {
  const s = decaySettings(config);
  return [
    {
      name: 'content/decay',
      audience: 'all',
      variants: { all: variant(DecayParams, (db, q, p) => contentDecay(db, q, p, s)) },
    },
  ];
}
