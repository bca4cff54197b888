import { describe, expect, it } from 'vitest';
import { parseCombined, unescape, type CombinedLine } from '../../src/shiplog/parse-combined.js';
import { inferContentType, pageviewSkip } from '../../src/shiplog/ship-log.js';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** A combined line with the given fields (already escaped as the log writes them). */
const line = (
  f: Partial<Record<'addr' | 'user' | 'time' | 'req' | 'status' | 'bytes' | 'ref' | 'ua', string>>,
) =>
  `${f.addr ?? '203.0.113.9'} - ${f.user ?? '-'} [${f.time ?? '10/Oct/2000:13:55:36 -0700'}] ` +
  `"${f.req ?? 'GET /docs HTTP/1.1'}" ${f.status ?? '200'} ${f.bytes ?? '512'} "${f.ref ?? '-'}" "${f.ua ?? CHROME}"`;

const ok = (text: string): CombinedLine => {
  const r = parseCombined(text);
  if (!r.ok) throw new Error(`expected a parsed line, got ${r.reason}`);
  return r.line;
};

describe('parseCombined', () => {
  it('parses a normal line, splitting the target into path and query', () => {
    expect(
      parseCombined(
        '198.51.100.23 - - [10/Oct/2000:13:55:36 -0700] "GET /pricing?plan=pro&utm_source=news HTTP/1.1" 200 5120 "https://www.example.org/start" "' +
          CHROME +
          '"',
      ),
    ).toStrictEqual({
      ok: true,
      line: {
        ip: '198.51.100.23',
        timestamp: '2000-10-10T20:55:36.000Z',
        method: 'GET',
        pathname: '/pricing',
        query: 'plan=pro&utm_source=news',
        protocol: 'HTTP/1.1',
        status: 200,
        bytes: 5120,
        referrer: 'https://www.example.org/start',
        userAgent: CHROME,
      },
    });
  });

  it('parses an IPv6 client address', () => {
    expect(ok(line({ addr: '2001:db8:85a3::8a2e:370:7334', req: 'HEAD / HTTP/2.0' }))).toStrictEqual({
      ip: '2001:db8:85a3::8a2e:370:7334',
      timestamp: '2000-10-10T20:55:36.000Z',
      method: 'HEAD',
      pathname: '/',
      protocol: 'HTTP/2.0',
      status: 200,
      bytes: 512,
      userAgent: CHROME,
    });
    expect(ok(line({ addr: '::ffff:192.0.2.1' })).ip).toBe('::ffff:192.0.2.1');
  });

  it('reads escaped quotes inside quoted fields (Apache and escape=json write \\", nginx \\x22)', () => {
    const l = ok(
      line({
        req: 'GET /search?q=\\"exact\\" HTTP/1.1',
        ref: 'https://example.org/?q=\\x22a\\x22',
        ua: 'Weird \\"quoted\\" agent \\\\ with backslash',
      }),
    );
    expect(l).toStrictEqual({
      ip: '203.0.113.9',
      timestamp: '2000-10-10T20:55:36.000Z',
      method: 'GET',
      pathname: '/search',
      query: 'q="exact"',
      protocol: 'HTTP/1.1',
      status: 200,
      bytes: 512,
      referrer: 'https://example.org/?q="a"',
      userAgent: 'Weird "quoted" agent \\ with backslash',
    });
  });

  it('decodes \\xHH escapes, joining the bytes of one UTF-8 character; bad UTF-8 becomes U+FFFD', () => {
    const l = ok(line({ req: 'GET /caf\\xC3\\xA9/\\xE2\\x82\\xAC HTTP/1.1', ua: 'Bot\\x5C1 \\xFF\\x09end' }));
    expect(l.pathname).toBe('/café/€');
    expect(l.userAgent).toBe('Bot\\1 \uFFFD\tend');
    expect(unescape('plain')).toBe('plain');
    expect(unescape('a\\x4')).toBe('a\\x4');
    expect(unescape('\\q\\n\\t\\r\\')).toBe('\\q\n\t\r\\');
    expect(unescape('\\xc3\\xa9t\\xc3\\xa9')).toBe('été');
  });

  it.each([
    ['10/Oct/2000:13:55:36 -0700', '2000-10-10T20:55:36.000Z'],
    ['10/Oct/2000:13:55:36 +0000', '2000-10-10T13:55:36.000Z'],
    ['10/Oct/2000:13:55:36 +0530', '2000-10-10T08:25:36.000Z'],
    ['01/Jan/2024:00:30:00 +0100', '2023-12-31T23:30:00.000Z'],
    ['31/Dec/2023:23:30:00 -0100', '2024-01-01T00:30:00.000Z'],
    ['29/Feb/2024:12:00:00 -0945', '2024-02-29T21:45:00.000Z'],
  ])('converts [%s] to UTC %s', (time, iso) => {
    expect(ok(line({ time })).timestamp).toBe(iso);
  });

  it('reads - fields as absent (referrer, user), empty (user agent) or zero (bytes)', () => {
    expect(ok(line({ user: '-', ref: '-', ua: '-', bytes: '-' }))).toStrictEqual({
      ip: '203.0.113.9',
      timestamp: '2000-10-10T20:55:36.000Z',
      method: 'GET',
      pathname: '/docs',
      protocol: 'HTTP/1.1',
      status: 200,
      bytes: 0,
      userAgent: '',
    });
    expect(ok(line({ user: 'frank', ref: '' })).remoteUser).toBe('frank');
    expect(ok(line({ ref: '' })).referrer).toBeUndefined();
  });

  it.each([
    ['a connection closed before a request', '-'],
    ['an empty request line', ''],
    ['TLS sent to the plain-HTTP port', '\\x16\\x03\\x01\\x00\\xF1\\x01\\x00\\x00\\xED\\x03\\x03'],
    ['a space inside the target', 'GET /a b HTTP/1.1'],
    ['a method alone', 'GET'],
    ['another protocol', 'GET / RTSP/1.0'],
    ['a method that is not letters', 'G3T / HTTP/1.1'],
  ])('skips a malformed request line: %s', (_what, req) => {
    expect(parseCombined(line({ req, status: '400', bytes: '157' }))).toStrictEqual({
      ok: false,
      reason: 'malformed_request',
    });
  });

  it('skips requests whose target has no path', () => {
    for (const req of ['OPTIONS * HTTP/1.1', 'CONNECT example.com:443 HTTP/1.1']) {
      expect(parseCombined(line({ req }))).toStrictEqual({ ok: false, reason: 'no_path' });
    }
  });

  it('keeps the path of an absolute-form target, and takes an HTTP/0.9 request line', () => {
    expect(ok(line({ req: 'GET http://example.com/a/b?c=d HTTP/1.1' }))).toMatchObject({
      pathname: '/a/b',
      query: 'c=d',
    });
    expect(ok(line({ req: 'GET HTTPS://example.com HTTP/1.1' })).pathname).toBe('/');
    const old = ok(line({ req: 'GET /index.html' }));
    expect([old.pathname, old.protocol]).toEqual(['/index.html', '']);
    expect(ok(line({ req: 'get /x?# HTTP/1.1' }))).toMatchObject({ method: 'GET', pathname: '/x' });
    expect(ok(line({ req: 'get /x?# HTTP/1.1' })).query).toBeUndefined();
  });

  it('reads a trailing $request_time in seconds as whole milliseconds', () => {
    expect(ok(`${line({})} 0.123`)).toStrictEqual({
      ip: '203.0.113.9',
      timestamp: '2000-10-10T20:55:36.000Z',
      method: 'GET',
      pathname: '/docs',
      protocol: 'HTTP/1.1',
      status: 200,
      bytes: 512,
      userAgent: CHROME,
      requestTimeMs: 123,
    });
    // nginx.conf's `main` format plus `$request_time $upstream_response_time`.
    expect(ok(`${line({})} "198.51.100.1, 10.0.0.2" 1.250 0.900`)).toMatchObject({
      requestTimeMs: 1250,
      forwardedFor: '198.51.100.1, 10.0.0.2',
    });
    expect(ok(`${line({})} rt=0.045 uct="0.000" uht="0.040" urt="0.041"`).requestTimeMs).toBe(45);
    expect(ok(`${line({})} request_time=12.004`).requestTimeMs).toBe(12004);
  });

  it('ignores trailing fields it cannot read unambiguously', () => {
    const plain = ok(line({}));
    // `$request_length` (an integer), a `-` forwarded-for, a non-address quoted field, an unclosed quote.
    for (const rest of [' 734', ' "-"', ' "example.com"', ' "unclosed 0.5', '   ']) {
      expect(ok(`${line({})}${rest}`)).toStrictEqual(plain);
    }
    expect(ok(`${line({})} "-" 0.010`)).toStrictEqual({ ...plain, requestTimeMs: 10 });
  });

  it.each([
    ['', 'empty_line'],
    ['   ', 'empty_line'],
    ['not a log line', 'malformed_line'],
    ['203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 512 "-"', 'malformed_line'],
    ['{"remote_addr":"203.0.113.9","status":200}', 'malformed_line'],
    [line({ addr: 'unix:' }), 'bad_address'],
    [line({ addr: '999.1.1.1' }), 'bad_address'],
    [line({ time: '31/Feb/2024:12:00:00 +0000' }), 'bad_time'],
    [line({ time: '10/Okt/2000:13:55:36 -0700' }), 'bad_time'],
    [line({ time: '10/Oct/2000:24:00:00 -0700' }), 'bad_time'],
    [line({ time: '2000-10-10T13:55:36Z' }), 'bad_time'],
    [line({ status: '000' }), 'bad_status'],
    [line({ status: '600' }), 'bad_status'],
  ])('skips %j: %s', (text, reason) => {
    expect(parseCombined(text)).toStrictEqual({ ok: false, reason });
  });

  it('is fast enough for logs of millions of lines', () => {
    const lines = Array.from({ length: 50_000 }, (_, i) =>
      line({ req: `GET /p/${i}?a=${i} HTTP/1.1`, ua: i % 3 ? CHROME : 'caf\\xC3\\xA9 \\"bot\\"' }),
    );
    const began = performance.now();
    for (const l of lines) if (!parseCombined(l).ok) throw new Error(l);
    // About 1 µs a line on a laptop; the bound only catches a pathological regression.
    expect(performance.now() - began).toBeLessThan(2_000);
  });
});

describe('ship-log rules', () => {
  it.each([
    ['/', 'text/html'],
    ['/docs', 'text/html'],
    ['/docs/', 'text/html'],
    ['/guide/intro.HTML', 'text/html'],
    ['/index.php', 'text/html'],
    ['/v/1.2.3', 'text/html'],
    ['/.env', 'text/html'],
    ['/robots.txt', 'text/plain'],
    ['/llms.txt', 'text/plain'],
    ['/README.md', 'text/markdown'],
    ['/sitemap.xml', 'application/xml'],
    ['/feed.rss', 'application/rss+xml'],
    ['/assets/site.css', 'text/css'],
    ['/assets/app.min.js', 'text/javascript'],
    ['/logo.PNG', 'image/png'],
    ['/photo.jpeg', 'image/jpeg'],
    ['/favicon.ico', 'image/x-icon'],
    ['/fonts/a.woff2', 'font/woff2'],
    ['/report.pdf', 'application/pdf'],
    ['/backup.tar.gz', 'application/gzip'],
    ['/download.exe', 'application/octet-stream'],
    ['/people/jane.doe', 'application/octet-stream'],
    ['/a.averyverylongname', 'text/html'],
  ])('infers the content type of %s as %s', (path, type) => {
    expect(inferContentType(path)).toBe(type);
  });

  it.each([
    ['GET', 200, '/pricing', null],
    ['GET', 304, '/pricing', null],
    ['GET', 203, '/', null],
    ['GET', 200, '/blog/post.html', null],
    ['HEAD', 200, '/pricing', 'human_non_get'],
    ['POST', 200, '/signup', 'human_non_get'],
    ['GET', 204, '/collect', 'human_unsuccessful'],
    ['GET', 301, '/old', 'human_unsuccessful'],
    ['GET', 404, '/missing', 'human_unsuccessful'],
    ['GET', 500, '/pricing', 'human_unsuccessful'],
    ['GET', 200, '/app.js', 'human_asset'],
    ['GET', 200, '/favicon.ico', 'human_asset'],
    ['GET', 200, '/robots.txt', 'human_asset'],
    ['GET', 304, '/style.css', 'human_asset'],
  ] as const)('counts %s %s %s as a pageview unless: %s', (method, status, pathname, reason) => {
    expect(pageviewSkip({ method, status, pathname })).toBe(reason);
  });
});
