import { z } from 'zod';

/**
 * The `compare` parameter of a read that answers one window (a list of URLs, a catalog, a policy
 * file): anything but `none` is refused, on `compare`, rather than ignored, since nothing in the
 * answer could reflect the other window (rule 3 of docs/api.md#response-envelope). Checked with the read's
 * own parameters, so the refusal comes before the site's access check like every parameter's.
 */
export function compareNone(read: string) {
  return z.enum(['none'], { error: `${read} reads one window; compare must be none` }).optional();
}
