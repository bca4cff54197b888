import { lookup as systemLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { addressRefusal } from './public-address.js';

/** Resolves a host name to its addresses; injectable so tests need no DNS. */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface GuardedGetOptions {
  /** Allow loopback, RFC 1918, link-local, CGNAT and ULA addresses (`POLICY_FETCH_PRIVATE`). */
  allowPrivate: boolean;
  resolve?: Resolve;
  /** For the whole fetch: every hop, and the body. */
  timeoutMs: number;
  maxRedirects: number;
  headers: Record<string, string>;
}

export interface GuardedResponse {
  status: number;
  contentType: string;
  headers: http.IncomingHttpHeaders;
  /** The body as text, at most `maxBytes` of it (cut at the last whole line before the cap). */
  readText(maxBytes: number): Promise<string>;
  /** The whole body; a GuardedGetError when it is longer than `maxBytes`. */
  readAll(maxBytes: number): Promise<Buffer>;
  discard(): void;
}

/** A fetch that was not made or not finished, with a message fit for `policy_fetch_state.last_error`. */
export class GuardedGetError extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const systemResolve: Resolve = (hostname) => systemLookup(hostname, { all: true, verbatim: true });

/**
 * GET a URL from public addresses only. Each hop (redirects are followed here, at most
 * `maxRedirects`) resolves its host once, refuses it unless an address passes `addressRefusal`,
 * and connects to that very address (a fixed `lookup`), so a second DNS answer cannot swap in
 * another between the check and the connection. No compression is asked for, so the size cap
 * counts what is read off the wire.
 */
export async function guardedGet(url: string, options: GuardedGetOptions): Promise<GuardedResponse> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const timedOut = () => new GuardedGetError(`no answer within ${options.timeoutMs} ms`);
  let current = new URL(url);
  try {
    for (let hop = 0; ; hop++) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:')
        throw new GuardedGetError(`refused: ${current.protocol} is not http or https`);
      const addresses = await checkedAddresses(current.hostname, options, deadline);
      const res = await get(current, addresses, options.headers, deadline);
      const location = res.headers.location;
      if (!REDIRECTS.has(res.statusCode ?? 0) || location === undefined)
        return response(res, deadline, timedOut);
      res.destroy();
      if (hop === options.maxRedirects)
        throw new GuardedGetError(`more than ${options.maxRedirects} redirects`);
      current = new URL(location, current);
    }
  } catch (err) {
    if (deadline.aborted) throw timedOut();
    throw err instanceof GuardedGetError
      ? err
      : new GuardedGetError(err instanceof Error ? err.message : String(err));
  }
}

type Address = { address: string; family: number };

/** The addresses a hop may connect to: the host itself when it is an address, else its public ones. */
async function checkedAddresses(
  host: string,
  options: GuardedGetOptions,
  deadline: AbortSignal,
): Promise<Address[]> {
  const literal = host.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(literal);
  if (family !== 0) {
    const refusal = addressRefusal(literal, options.allowPrivate);
    if (refusal)
      throw new GuardedGetError(`refused: ${literal} is ${article(refusal)} address, not a public one`);
    return [{ address: literal, family }];
  }
  const answers = await abortable((options.resolve ?? systemResolve)(host), deadline);
  const usable = answers.filter((a) => addressRefusal(a.address, options.allowPrivate) === undefined);
  if (usable.length > 0) return usable.map(({ address, family }) => ({ address, family }));
  const first = answers[0];
  if (!first) throw new GuardedGetError(`${host} has no address`);
  const refusal = addressRefusal(first.address, options.allowPrivate)!;
  throw new GuardedGetError(
    `refused: ${host} resolves to ${first.address}, ${article(refusal)} address, not a public one`,
  );
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

function get(
  url: URL,
  addresses: Address[],
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  // Node asks with `all: true` when it tries addresses in turn (happy eyeballs); either way only checked ones.
  const lookup = ((_host, opts, callback) => {
    if (opts.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  }) as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    client.get(url, { headers, signal, lookup, agent: false }, resolve).on('error', reject);
  });
}

function response(res: http.IncomingMessage, deadline: AbortSignal, timedOut: () => Error): GuardedResponse {
  return {
    status: res.statusCode ?? 0,
    contentType: res.headers['content-type'] ?? '',
    headers: res.headers,
    discard: () => res.destroy(),
    async readText(maxBytes) {
      const { body, size } = await readUpTo(res, maxBytes, deadline, timedOut);
      const text = new TextDecoder().decode(body.subarray(0, maxBytes));
      return size > maxBytes ? text.slice(0, text.lastIndexOf('\n') + 1) : text;
    },
    async readAll(maxBytes) {
      const { body, size } = await readUpTo(res, maxBytes, deadline, timedOut);
      if (size > maxBytes) throw new GuardedGetError(`body larger than ${maxBytes} bytes`);
      return body;
    },
  };
}

/** Reads until the end or just past `maxBytes`; `size` tells which. */
async function readUpTo(
  res: http.IncomingMessage,
  maxBytes: number,
  deadline: AbortSignal,
  timedOut: () => Error,
): Promise<{ body: Buffer; size: number }> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).byteLength;
      if (size > maxBytes) break;
    }
  } catch (err) {
    throw deadline.aborted
      ? timedOut()
      : new GuardedGetError(err instanceof Error ? err.message : String(err));
  } finally {
    res.destroy();
  }
  return { body: Buffer.concat(chunks), size };
}

/** A promise that rejects once `signal` aborts (a DNS lookup cannot be cancelled, only left). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
