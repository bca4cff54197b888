/**
 * Whether a response was an HTML page: the crawl-to-refer ratio counts only these
 * (docs/api.md#get-apicitation-gapsummary).
 */
export function isHtml(contentType: string): boolean {
  return /^\s*text\/html\s*(;|$)/i.test(contentType);
}

/** `2` for 2xx and so on; 0 for a status outside 100–599. */
export function statusClass(status: number): number {
  return status >= 100 && status < 600 ? Math.floor(status / 100) : 0;
}
