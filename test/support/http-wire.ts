import { Agent, request } from 'node:http';
import { connect } from 'node:net';

/** A request as bytes go out: the path is sent as given (ASCII), the body as given. */
export interface WireRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
}

export interface WireResponse {
  /** 0 when the server closed the connection on an oversized upload without an answer. */
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The first KEEP_BYTES of the body (the rest is read and dropped). */
  body: Buffer;
  ms: number;
}

const KEEP_BYTES = 1024 * 1024;
/** Uploads longer than the largest body limit a route has (2 MB) but the JSON routes' 1 MB. */
const CUT_UPLOAD_BYTES = 1024 * 1024;

/** A request that got no answer in time: a hang, not a refusal. */
export class NoAnswer extends Error {}

/**
 * An HTTP/1.1 client for tests against a server in another process: keep-alive sockets, a bounded
 * number of them, each request with a deadline after which it counts as unanswered.
 */
export function wireClient(baseUrl: string, opts: { sockets?: number; timeoutMs: number }) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: opts.sockets ?? 16 });
  const send = (r: WireRequest): Promise<WireResponse> =>
    new Promise((resolve, reject) => {
      const started = Date.now();
      const headers = { ...r.headers };
      if (r.body !== undefined) headers['content-length'] ??= String(r.body.length);
      const req = request(
        { host: hostname, port: Number(port), method: r.method, path: r.path, headers, agent },
        (res) => {
          const kept: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            if (size < KEEP_BYTES) kept.push(c);
            size += c.length;
          });
          res.on('error', reject);
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(kept).subarray(0, KEEP_BYTES),
              ms: Date.now() - started,
            }),
          );
        },
      );
      req.setTimeout(opts.timeoutMs, () =>
        req.destroy(new NoAnswer(`${r.method} ${r.path.slice(0, 120)}: no answer in ${opts.timeoutMs} ms`)),
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        // A server may refuse an upload past its limit and close before reading it all: the client
        // then fails writing the rest, with nothing to read. That is a refusal, not a hang.
        const cut = err.code === 'EPIPE' || err.code === 'ECONNRESET';
        if (cut && (r.body?.length ?? 0) > CUT_UPLOAD_BYTES)
          resolve({ status: 0, headers: {}, body: Buffer.alloc(0), ms: Date.now() - started });
        else reject(err);
      });
      req.end(r.body);
    });
  return { send, close: () => agent.destroy() };
}

/**
 * Raw bytes on a fresh connection (malformed HTTP that a client library refuses to send): the
 * status of the first response line, or 0 when the server closed without answering.
 */
export function sendRaw(baseUrl: string, bytes: Buffer, timeoutMs: number): Promise<number> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let head = '';
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new NoAnswer(`raw request: no answer nor close in ${timeoutMs} ms`)),
    );
    socket.on('data', (c: Buffer) => {
      head += c.toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      if (m) {
        socket.destroy();
        resolve(Number(m[1]));
      }
    });
    socket.on('error', (err) => (err instanceof NoAnswer ? reject(err) : resolve(0)));
    socket.on('close', () => resolve(0));
    socket.end(bytes);
  });
}
