import fc from 'fast-check';
import type { FuzzCase } from './case.js';
import type { World } from './world.js';

const CRLF = '\r\n';
const head = (lines: string[]) => lines.join(CRLF) + CRLF + CRLF;

/**
 * Malformed HTTP no client library sends, on a connection of its own: the server may refuse it
 * (a 4xx) or close the connection, never answer 5xx, hang or fall over.
 */
export function rawHttp(w: World): fc.Arbitrary<FuzzCase> {
  const hit = `/api/track/pixel.gif?s=${w.a.target.id}&u=https://${w.a.target.domain}/`;
  const texts = [
    head(['GET /healthz HTTP/1.1', 'Host: x', 'X-Nul: a\0b']),
    head(['GET /healthz HTTP/1.1', 'Host: x', 'no colon here']),
    head(['GARBAGE']),
    head(['GET / HTTP/9.9', 'Host: x']),
    head(['GET http://169.254.169.254/latest HTTP/1.1', 'Host: x']),
    head(['PRI * HTTP/2.0', '', 'SM']),
    head(['GET /healthz HTTP/1.1', 'Host: x', `X-Big: ${'a'.repeat(20_000)}`]),
    head(['GET /healthz HTTP/1.1', 'Host: x', ...Array.from({ length: 3_000 }, (_, i) => `X-${i}: y`)]),
    head([`GET ${hit}%ZZ HTTP/1.1`, 'Host: x']),
    head([`GET /api/track/pixel.gif?s=1&u=\xff\xfe HTTP/1.1`, 'Host: x']),
    head(['GET /a b c HTTP/1.1', 'Host: x']),
    head(['POST /api/track HTTP/1.1', 'Host: x', 'Content-Length: 5', 'Content-Length: 7']) + '{"a":1}',
    head(['POST /api/track HTTP/1.1', 'Host: x', 'Content-Length: 4', 'Transfer-Encoding: chunked']) +
      '0\r\n\r\n',
    head(['POST /api/track HTTP/1.1', 'Host: x', 'Transfer-Encoding: chunked']) + 'zz\r\nabc\r\n0\r\n\r\n',
    head(['POST /api/track HTTP/1.1', 'Host: x', 'Content-Length: 1e400']) + '{}',
    head(['POST /api/track HTTP/1.1', 'Host: x', 'Content-Length: -1']) + '{}',
    head(['POST /api/track/batch HTTP/1.1', 'Host: x', 'Content-Length: 100']) + '[{"s":1',
    head([
      'POST /api/auth/login HTTP/1.1',
      'Host: x',
      'Content-Type: application/json',
      'Content-Length: 12',
    ]) + '{"email":\xff}',
    head(['POST /api/log/edge HTTP/1.1', 'Host: x', 'Transfer-Encoding: chunked']) +
      `${(1 << 22).toString(16)}\r\n` +
      'a'.repeat(1024),
    head(['GET /healthz HTTP/1.1', 'Host: x', 'Transfer-Encoding: gzip, chunked']) + '0\r\n\r\n',
    head(['GET /healthz HTTP/1.1']) + head(['GET /healthz HTTP/1.1', 'Host: x']),
  ];
  return fc.constantFrom(...texts).map((t) => ({
    endpoint: 'raw HTTP',
    steps: [{ raw: Buffer.from(t, 'latin1'), kind: 'other' as const, markers: [] }],
  }));
}
