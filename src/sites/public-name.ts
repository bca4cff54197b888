/**
 * Whether a canonical host name (lower-case, ASCII, no trailing dot) is a public DNS name: not an
 * IPv4 address in any form a resolver or URL parser accepts (`127.0.0.1`, `127.1`, `2130706433`,
 * `0x7f.1`, `0177.0.0.1`) and not this machine (`localhost`, `*.localhost`, RFC 6761). The WHATWG
 * URL parser reads a host whose last label is a number (digits, or `0x` and hex digits) as IPv4,
 * and no top-level domain is numeric, so that label alone decides. IPv6 literals never get this far:
 * their colons and brackets are no host name.
 */
export function isPublicName(host: string): boolean {
  const last = host.slice(host.lastIndexOf('.') + 1);
  if (/^(\d+|0x[0-9a-f]*)$/.test(last)) return false;
  return last !== 'localhost';
}
