import type { Gen } from './case.js';
import { ACCOUNT_ENDPOINTS } from './endpoints-account.js';
import { PUBLIC_ENDPOINTS } from './endpoints-public.js';

/** Each public and authenticated endpoint with a valid request of it, mutated by the fuzz. */
export const ENDPOINTS: readonly [string, Gen][] = [...PUBLIC_ENDPOINTS, ...ACCOUNT_ENDPOINTS];
