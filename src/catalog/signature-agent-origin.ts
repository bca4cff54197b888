/**
 * The origin a Signature-Agent value names: `https://host[:port]` as `URL.origin` writes it, or
 * undefined for anything else (another scheme, credentials, a path other than `/`, a query).
 */
export function signatureAgentOrigin(value: string): string | undefined {
  if (value.length > 512) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return undefined;
  return url.origin;
}
