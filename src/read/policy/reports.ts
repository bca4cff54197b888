import type { Report } from '../envelope/report.js';
import { variant } from '../envelope/report.js';
import { listingRows, PolicyParams, policyListing } from './listings.js';
import { policyViolations, ViolationsParams } from './violations.js';

/**
 * The reads under `/api/policy`, each the `report` of the same name in exports. They describe
 * what a site tells agents and what agents did with it, which people share nothing of: they
 * answer `audience=agent` (the default) only.
 */
export const POLICY_REPORTS: readonly Report[] = [
  {
    name: 'policy',
    audience: 'agent',
    variants: { agent: variant(PolicyParams, policyListing, listingRows) },
  },
  {
    name: 'policy/violations',
    audience: 'agent',
    variants: {
      agent: variant(ViolationsParams, policyViolations),
    },
  },
];
