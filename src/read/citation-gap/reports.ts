import type { Config } from '../../config.js';
import type { Report } from '../envelope/report.js';
import { variant } from '../envelope/report.js';
import { CitationGapParams, citationGap, OneWindow } from './rows.js';
import { citationGapSummary } from './summary.js';
import type { CitationGapSettings } from './verdict.js';

export const citationGapSettings = (config: Pick<Config, 'CITATION_GAP_RATIO'>): CitationGapSettings => ({
  gapRatio: config.CITATION_GAP_RATIO,
});

/**
 * `/api/citation-gap` and `/api/citation-gap/summary`, the `citation-gap` and
 * `citation-gap/summary` reports of exports. Built from the configuration because the verdicts'
 * threshold is the operator's (`CITATION_GAP_RATIO`). Both readerships by definition (fetches
 * against people's arrivals): `audience` is `all`, the only one accepted.
 */
export function citationReports(config: Pick<Config, 'CITATION_GAP_RATIO'>): readonly Report[] {
  const s = citationGapSettings(config);
  return [
    {
      name: 'citation-gap',
      audience: 'all',
      variants: { all: variant(CitationGapParams, (db, q, p) => citationGap(db, q, p, s)) },
    },
    {
      name: 'citation-gap/summary',
      audience: 'all',
      variants: { all: variant(OneWindow, (db, q, p) => citationGapSummary(db, q, p, s)) },
    },
  ];
}
