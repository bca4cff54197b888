/** Whether a response was an HTML page: the crawl-to-refer ratio counts only these (decisions.md §5). */
export function isHtml(contentType: string): boolean {
  return /^\s*text\/html\s*(;|$)/i.test(contentType);
}

/** `2` for 2xx and so on; 0 for a status outside 100–599. */
export function statusClass(status: number): number {
  return status >= 100 && status < 600 ? Math.floor(status / 100) : 0;
}
