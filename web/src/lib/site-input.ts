/** Host names as the owner types them: separated by commas, spaces or lines; none given → none sent. */
export function hostnameList(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}
