import type { Projection } from '../projection.js';
import { humanHits } from '../human-hits.js';
import { foldVitalHistograms } from './fold.js';

/** Needs no state: each batch only adds to its periods' counts. */
export const vitalHistograms: Projection<null> = {
  name: 'vital_histograms',
  origin: '*',
  tables: ['vital_hits', 'vital_buckets', 'vital_values', 'vital_page_buckets', 'vital_page_samples'],
  counterTables: ['vital_hits', 'vital_buckets'],
  batchFree: true,
  load: async () => null,
  fold: (events) => foldVitalHistograms(humanHits(events).map((s) => s.event)),
};
