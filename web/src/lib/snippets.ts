/** What a site owner pastes: the tracker, the no-JavaScript pixel, a signed edge-log request. */
export function trackerSnippet(base: string, site: number): string {
  return `<script defer src="${base}/js/script.js" data-site="${site}"></script>`;
}

export function pixelSnippet(base: string, site: number): string {
  // Without `u` the pixel takes the page from the image request's Referer (docs/api.md#hits).
  return `<noscript><img src="${base}/api/track/pixel.gif?s=${site}" alt="" width="1" height="1"></noscript>`;
}

/** A shell script that signs one edge batch as docs/api.md#edge-logs says: HMAC-SHA256 over `t.body`. */
export function edgeCurl(base: string, site: number, hostname: string, ingestKey: string): string {
  const row = {
    timestamp: '__NOW__',
    user_agent: 'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    method: 'GET',
    hostname,
    pathname: '/',
    status: 200,
    bytes: 5120,
    duration_ms: 12,
    content_type: 'text/html',
    conditional: 0,
    ip: '192.0.2.10',
  };
  const body = JSON.stringify({ site_id: site, agent_events: [row] }).replace(
    '"__NOW__"',
    `"'"$(date -u +%Y-%m-%dT%H:%M:%SZ)"'"`,
  );
  return [
    `KEY='${ingestKey}'`,
    `BODY='${body}'`,
    'T=$(date +%s)',
    `SIG=$(printf '%s.%s' "$T" "$BODY" | openssl dgst -sha256 -hmac "$KEY" -hex | sed 's/^.* //')`,
    `curl -sS -X POST '${base}/api/log/edge' \\`,
    `  -H 'content-type: application/json' \\`,
    `  -H "x-service-signature: t=$T,v1=$SIG" \\`,
    `  --data "$BODY"`,
  ].join('\n');
}
