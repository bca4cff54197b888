type Scalar = string | number | boolean | null;

const MAX_PROPS = 50;
const MAX_KEY = 300;
/** Room for an error's stack cut to 2 KB by the tracker, and then some. */
const MAX_VALUE = 2048;

/**
 * Custom properties as flat scalars: nested values become their JSON text, long strings are cut,
 * and a payload cannot grow the event without bound.
 */
export function cleanProps(p: Record<string, unknown> | undefined): Record<string, Scalar> | undefined {
  if (!p) return undefined;
  const out: Record<string, Scalar> = {};
  let n = 0;
  for (const [k, v] of Object.entries(p)) {
    if (n++ >= MAX_PROPS) break;
    if (v === undefined) continue;
    const key = k.slice(0, MAX_KEY);
    if (typeof v === 'number') out[key] = Number.isFinite(v) ? v : null;
    else if (typeof v === 'boolean' || v === null) out[key] = v;
    else out[key] = (typeof v === 'string' ? v : JSON.stringify(v)).slice(0, MAX_VALUE);
  }
  return n > 0 ? out : undefined;
}
