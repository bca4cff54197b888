/**
 * `twofold ship-log`: send an nginx `combined` access log (plain or `.gz`) to a twofold
 * installation's signed edge endpoint through the Node SDK, as crawl records (`agent_events`)
 * and server-side pageviews (`events`).
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { loadCatalog } from '../catalog/agents.js';
import { isBotAgent } from '../enrich/bot-agent.js';
import { createTwofold, TwofoldDeliveryError, type TwofoldError } from '../sdk/index.js';
import { parseCombined, type CombinedLine, type ParseSkipReason } from './parse-combined.js';

export interface ShipLogOptions {
  /** The access log; a name ending in `.gz` is gunzipped while read. */
  file: string;
  /** The site id. */
  site: number;
  /** The site's ingest key (`ik_…`). */
  key: string;
  /** The installation's base URL, e.g. `https://analytics.example.com`. */
  endpoint: string;
  /**
   * The host name every row is reported under. The combined format logs no `Host`, so the caller
   * names it: one of the site's host names (normally its domain); the server refuses any other.
   */
  hostname: string;
  /**
   * Send crawl records only: for a site whose pages also carry the browser tracker, whose
   * pageviews the log would otherwise count a second time. People's lines count as `human_skipped`.
   */
  agentsOnly?: boolean;
  /** Tailing a growing log is not supported: the file is read once, to its end. */
  follow?: false;
  /** Progress and the closing summary, one line each. Default: silent. */
  log?: (msg: string) => void;
}

/**
 * Why a line sent nothing: the parser's reasons (see `PARSE_SKIP_REASONS`), and
 * - `future_time`: more than four minutes ahead of this machine's clock (the endpoint refuses
 *   rows more than five minutes ahead);
 * - `human_non_get`, `human_unsuccessful`, `human_asset`: a person's request that is not a
 *   pageview (see `pageviewSkip`).
 */
export type ShipSkipReason =
  ParseSkipReason | 'future_time' | 'human_non_get' | 'human_unsuccessful' | 'human_asset' | 'human_skipped';

export interface ShipLogResult {
  /** Lines read, blank and unparseable ones included. */
  lines: number;
  /** Crawl records the server acknowledged. */
  agentRows: number;
  /** Pageviews the server acknowledged (it may still drop some, e.g. on an excluded path). */
  humanRows: number;
  /** Lines that sent nothing, by reason; only reasons that occurred appear. */
  skipped: Partial<Record<ShipSkipReason, number>>;
}

/** Rows queued between two waits for delivery: well under the SDK's 10,000-row queue. */
const FLUSH_EVERY = 5_000;
const PROGRESS_EVERY = 100_000;
/** Below the endpoint's five minutes, so neither the SDK nor the server refuses the row. */
const FUTURE_SLACK_MS = 4 * 60_000;

/**
 * Streams `file` and reports every line of it:
 *
 * - **Agent or person.** A line is a crawl record when its user agent names a known agent
 *   (`loadCatalog().classify`), is a bot by `isBotAgent` (isbot's list), or is empty: browsers
 *   always send one. Every such request goes, whatever its method, path or status.
 * - **Crawl record fields.** `content_type` is inferred from the path (`inferContentType`: the log
 *   has no response header); `conditional` is 1 for a `304`; `duration_ms` is a trailing
 *   `$request_time` if the log has one, else 0; `bytes` is `$body_bytes_sent`.
 * - **Pageviews.** A person's line becomes an `events` row only when it is a pageview
 *   (`pageviewSkip`): `GET`, status 2xx except 204, or 304, and a path whose inferred type is
 *   `text/html`. Its query and referrer go along; `duration_ms` only when `$request_time` was
 *   logged. Pages that also carry the browser tracker are then counted twice: ship only crawl
 *   records for such sites (filter the log), or remove the tracker.
 * - **Delivery.** Rows go through the SDK in requests of up to 500 per kind; every 5,000 rows the
 *   reading waits until they are acknowledged, so memory stays bounded and a 429 slows the
 *   reading rather than overflowing the queue. Retries: 8 (about two minutes of outage).
 * - **Failure.** At the first row the SDK reports lost (refused, unauthorized, retries exhausted),
 *   reading stops; what is queued is still delivered, then this throws an `Error` naming the lost
 *   rows, the reasons, and the line reached. Rows before that line were stored, so shipping the
 *   same file again stores them twice: each pageview row's hit key is the SDK's random one, which
 *   counts a retry within the run once, not a second run.
 *
 * Throws `TypeError` at once on bad options. An unreadable file or a corrupt `.gz` ends the
 * reading too: what was queued is delivered, then an `Error` says how far it got (its `cause` is
 * the stream's error).
 */
export async function shipLog(opts: ShipLogOptions): Promise<ShipLogResult> {
  if (opts.follow) throw new TypeError('ship-log: follow mode is not supported; the file is read once');
  if (typeof opts.hostname !== 'string' || opts.hostname.trim() === '' || /[\s/?#@]/.test(opts.hostname)) {
    throw new TypeError(
      `ship-log: hostname must be one of the site's host names (the log has none), got ${JSON.stringify(opts.hostname)}`,
    );
  }
  const hostname = opts.hostname.trim();
  const log = opts.log ?? (() => {});
  const catalog = loadCatalog();
  const isAgent = (ua: string) => ua === '' || catalog.classify(ua) !== null || isBotAgent(ua);

  const problems: TwofoldError[] = [];
  const tf = createTwofold({
    endpoint: opts.endpoint,
    siteId: opts.site,
    ingestKey: opts.key,
    onError: (err) => problems.push(err),
    maxBatch: 500,
    maxRetries: 8,
  });

  const result: ShipLogResult = { lines: 0, agentRows: 0, humanRows: 0, skipped: {} };
  const skip = (reason: ShipSkipReason) => {
    result.skipped[reason] = (result.skipped[reason] ?? 0) + 1;
  };
  const latest = Date.now() + FUTURE_SLACK_MS;
  let queued = 0;
  let sinceFlush = 0;
  let readError: unknown;

  const gz = opts.file.endsWith('.gz');
  const source = createReadStream(opts.file);
  // pipeline() forwards an error of either stream (no such file, corrupt gzip) to the gunzip
  // stream, whose error readline's iterator throws.
  const input: Readable = gz ? pipeline(source, createGunzip(), () => {}) : source;
  const lines = createInterface({ input, crlfDelay: Infinity });
  log(`ship-log: reading ${opts.file}${gz ? ' (gzip)' : ''} for site ${opts.site}, host ${hostname}`);
  try {
    for await (const text of lines) {
      if (problems.length > 0) break;
      result.lines += 1;
      if (result.lines % PROGRESS_EVERY === 0) log(progress(result, queued));
      const parsed = parseCombined(text);
      if (!parsed.ok) {
        skip(parsed.reason);
        continue;
      }
      const l = parsed.line;
      if (Date.parse(l.timestamp) > latest) {
        skip('future_time');
        continue;
      }
      if (isAgent(l.userAgent)) {
        tf.agentFetch({
          timestamp: l.timestamp,
          ip: l.ip,
          userAgent: l.userAgent,
          method: l.method,
          hostname,
          pathname: l.pathname,
          status: l.status,
          bytes: l.bytes,
          durationMs: l.requestTimeMs ?? 0,
          contentType: inferContentType(l.pathname),
          conditional: l.status === 304,
        });
      } else {
        const why = opts.agentsOnly ? 'human_skipped' : pageviewSkip(l);
        if (why !== null) {
          skip(why);
          continue;
        }
        tf.track({
          timestamp: l.timestamp,
          ip: l.ip,
          userAgent: l.userAgent,
          hostname,
          pathname: l.pathname,
          query: l.query,
          referrer: l.referrer,
          status: l.status,
          durationMs: l.requestTimeMs,
        });
      }
      queued += 1;
      if (++sinceFlush >= FLUSH_EVERY) {
        sinceFlush = 0;
        await tf.flush();
      }
    }
  } catch (err) {
    readError = err;
  } finally {
    lines.close();
    source.destroy();
  }

  // flush() has no deadline (it ends when each row is stored or reported lost); close() then has nothing left.
  await tf.flush();
  await tf.close();
  const stats = tf.stats();
  result.agentRows = stats.delivered.agentEvents;
  result.humanRows = stats.delivered.events;
  if (readError !== undefined) {
    const message = readError instanceof Error ? readError.message : String(readError);
    throw new Error(
      `ship-log: reading ${opts.file} failed after line ${result.lines}: ${message}; ` +
        `${result.agentRows} crawl records and ${result.humanRows} pageviews read before it were stored` +
        (problems.length > 0 ? `, and ${stats.lost.agentEvents + stats.lost.events} rows were lost` : ''),
      { cause: readError },
    );
  }
  if (problems.length > 0) {
    throw new Error(lossMessage(opts.file, result, stats.lost, problems), { cause: problems[0] });
  }
  log(`${progress(result, queued)}; done`);
  return result;
}

function progress(r: ShipLogResult, queued: number): string {
  const skipped = Object.values(r.skipped).reduce((a, b) => a + (b ?? 0), 0);
  return `ship-log: ${r.lines} lines, ${queued} rows queued, ${skipped} lines skipped`;
}

function lossMessage(
  file: string,
  r: ShipLogResult,
  lost: { events: number; agentEvents: number },
  problems: readonly TwofoldError[],
): string {
  const reasons = new Map<string, number>();
  for (const p of problems) {
    const reason = p instanceof TwofoldDeliveryError ? p.reason : p.name;
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  const why = [...reasons].map(([reason, n]) => `${reason} ×${n}`).join(', ');
  return (
    `ship-log: ${lost.agentEvents} crawl records and ${lost.events} pageviews were not delivered (${why}); ` +
    `stopped reading ${file} after line ${r.lines}. ${r.agentRows} crawl records and ${r.humanRows} ` +
    `pageviews were stored: shipping the file again would store those twice. First error: ${problems[0]!.message}`
  );
}

/**
 * Why a person's request is not a pageview, or null when it is one: the method must be `GET`
 * (`HEAD`, `POST`, … are not views); the status 2xx except `204` (no content: beacons, APIs), or
 * `304` (a revisit the browser had cached); the path's inferred type `text/html` (extensionless,
 * a trailing `/`, `.html`, `.php`, … — see `inferContentType`), which leaves out assets (`.css`,
 * `.js`, images, fonts, `.json`, `.xml`, `robots.txt`, …). A person's `fetch()` of an
 * extensionless API path does count as a pageview: the log cannot tell it from a page.
 */
export function pageviewSkip(l: Pick<CombinedLine, 'method' | 'status' | 'pathname'>): ShipSkipReason | null {
  if (l.method !== 'GET') return 'human_non_get';
  if (!((l.status >= 200 && l.status <= 299 && l.status !== 204) || l.status === 304))
    return 'human_unsuccessful';
  if (inferContentType(l.pathname) !== 'text/html') return 'human_asset';
  return null;
}

const HTML = 'text/html';
const CONTENT_TYPES: Record<string, string> = {
  html: HTML,
  htm: HTML,
  shtml: HTML,
  php: HTML,
  asp: HTML,
  aspx: HTML,
  jsp: HTML,
  txt: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  css: 'text/css',
  csv: 'text/csv',
  js: 'text/javascript',
  mjs: 'text/javascript',
  json: 'application/json',
  map: 'application/json',
  webmanifest: 'application/manifest+json',
  xml: 'application/xml',
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
  pdf: 'application/pdf',
  wasm: 'application/wasm',
  zip: 'application/zip',
  gz: 'application/gzip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  webm: 'video/webm',
};
/** An extension: up to 10 letters and digits after the segment's last dot. */
const EXTENSION = /\.([A-Za-z0-9]{1,10})$/;
const LETTER = /[A-Za-z]/;

/**
 * The response's `Content-Type` as far as the path tells (the combined format logs none): by the
 * last path segment's extension, case-insensitively, from a table of common web types; a segment
 * without one (`/docs`, `/docs/`, `/`, `/v/1.2`, `/.env`) is `text/html`; an extension the table
 * does not know is `application/octet-stream`. It describes the path, not the actual answer: a
 * 404 for `/x.png` is reported as `image/png`.
 */
export function inferContentType(pathname: string): string {
  const segment = pathname.slice(pathname.lastIndexOf('/') + 1);
  // slice(1): a leading dot makes a hidden file (`/.env`), not an extension.
  const ext = EXTENSION.exec(segment.slice(1))?.[1];
  // Digits alone are a version (`/v/1.2.3`), not a type.
  if (ext === undefined || !LETTER.test(ext)) return HTML;
  return CONTENT_TYPES[ext.toLowerCase()] ?? 'application/octet-stream';
}
