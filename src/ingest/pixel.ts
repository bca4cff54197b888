import { isTooDeep } from '../input/json-depth.js';
import { TrackPayload } from './payloads.js';

const INTEGER_KEYS = ['s', 'w', 'h', 'vw', 'vh', 'd', 'sc'] as const;
const JSON_KEYS = ['p', 'e', 'rv'] as const;

/**
 * The pixel's query string as a tracker payload: numbers arrive as text and objects as JSON text.
 * Without `u`, the page is the image request's Referer (the page that shows the image).
 * Undefined when a JSON parameter nests deeper than the bound: that hit is dropped unparsed.
 */
export function pixelPayload(
  query: Record<string, unknown>,
  referer: string | undefined,
): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(TrackPayload.shape)) {
    const v = query[key];
    if (typeof v === 'string') out[key] = v;
  }
  for (const k of INTEGER_KEYS)
    if (typeof out[k] === 'string' && /^\d+$/.test(out[k] as string)) out[k] = Number(out[k]);
  for (const k of JSON_KEYS) {
    if (typeof out[k] !== 'string') continue;
    if (isTooDeep(out[k] as string)) return undefined;
    try {
      out[k] = JSON.parse(out[k] as string);
    } catch {
      // Left as text, it fails validation and the hit is dropped like any invalid one.
    }
  }
  if (out.u === undefined && referer) out.u = referer;
  return out;
}
