/**
 * Goals and funnels as the owner types them, turned into the API's bodies (docs/api.md#goals-and-funnels).
 */
/** `/pricing`, `/blog/*` → a path goal; anything else names a custom event. */
export function goalBody(site: number, target: string, currency: string) {
  const t = target.trim();
  if (t.startsWith('/')) return { site, path: t };
  return { site, event: t, ...(currency.trim() ? { currency: currency.trim().toUpperCase() } : {}) };
}

/** One step per line: a path (`/pricing`, `/blog/*`) or an event name. */
export function funnelSteps(text: string): ({ path: string } | { event: string })[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => (l.startsWith('/') ? { path: l } : { event: l }));
}
