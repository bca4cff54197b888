/**
 * A referrer as attribution reads it: a web page's host (lowercase, without `www.`) and path,
 * or the package of an Android app (`android-app://com.google.android.gm`).
 */
export type Referrer = { kind: 'web'; host: string; pathname: string } | { kind: 'app'; app: string };

// Some clients send a bare host ("google.com/search"); anything else without a scheme is noise.
const BARE_HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:[/:?#]|$)/i;

/**
 * Undefined for an absent or unusable referrer: not a URL, a scheme other than http(s) or
 * android-app (`about:blank`, `file:`, `chrome-extension:`), or localhost (development). Never throws.
 */
export function parseReferrer(referrer: string | undefined): Referrer | undefined {
  const text = referrer?.trim();
  if (!text) return undefined;
  const url = toUrl(text) ?? (BARE_HOST.test(text) ? toUrl(`https://${text}`) : undefined);
  if (!url) return undefined;
  if (url.protocol === 'android-app:')
    return url.hostname ? { kind: 'app', app: url.hostname.toLowerCase() } : undefined;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = bareHost(url.hostname);
  if (host === '' || host === 'localhost') return undefined;
  return { kind: 'web', host, pathname: url.pathname };
}

function toUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** Lowercase, no trailing dot, no leading `www.`. */
export function bareHost(hostname: string): string {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return h.startsWith('www.') ? h.slice(4) : h;
}

/** The page's own host, or a subdomain of it (www. ignored on both sides). */
export function isInternal(referrerHost: string, pageHostname: string): boolean {
  const page = bareHost(pageHostname);
  return referrerHost === page || referrerHost.endsWith(`.${page}`);
}
