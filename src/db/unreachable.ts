/** Socket errors of a connection to a server that is down, restarting or out of reach. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * Whether `err` says Postgres could not be reached or dropped the connection, rather than that a
 * statement failed: connection exceptions (SQLSTATE class 08), an administrator's or a crash's
 * shutdown (57P01–57P03), a refused or broken socket, or node-postgres's own word for a connection
 * ended under it.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (/^(08|57P0[123])/.test(code) || SOCKET_CODES.has(code))) return true;
  // A connection the server closed mid-query; pg gives it no code.
  return /^Connection terminated/.test(err.message);
}
