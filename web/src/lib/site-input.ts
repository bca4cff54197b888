/** Host names or path patterns as the owner types them: separated by commas, spaces or lines. */
export function hostnameList(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}
