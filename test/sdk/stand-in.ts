import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the edge endpoint, for the SDK's own transport behaviour: it records every
 * request (raw body as received, headers, arrival time) and answers what the test scripts.
 * The real endpoint is exercised in edge.int.test.ts.
 */
export interface Received {
  at: number;
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  body: { site_id: number; events: Record<string, unknown>[]; agent_events: Record<string, unknown>[] };
  /** Parsed `x-service-signature`. */
  t: number;
  v1: string;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export type Script = (req: Received, index: number) => Reply | 'hang' | 'reset';

export interface StandIn {
  /** The endpoint to give the SDK. */
  url: string;
  received: Received[];
  /** Resolves once `n` requests have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export const accepted = (r: Received): Reply => ({
  status: 202,
  body: { data: { accepted: { agent_events: r.body.agent_events.length, events: r.body.events.length } } },
});

export async function startStandIn(script: Script = accepted): Promise<StandIn> {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const sig = /^t=(\d+),v1=([0-9a-f]+)$/.exec(String(req.headers['x-service-signature'] ?? ''));
      const r: Received = {
        at: performance.now(),
        path: req.url ?? '',
        headers: req.headers,
        raw,
        body: JSON.parse(raw.toString('utf8')),
        t: Number(sig?.[1] ?? NaN),
        v1: sig?.[2] ?? '',
      };
      received.push(r);
      for (const w of waiters.splice(0)) w();
      const reply = script(r, received.length - 1);
      if (reply === 'hang') return;
      if (reply === 'reset') return void req.socket.destroy();
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    async waitFor(n, timeoutMs = 3000) {
      const until = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`waited for ${n} requests, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The error envelope the server answers with. */
export function failure(
  status: number,
  code: string,
  extra: Record<string, unknown> = {},
  headers = {},
): Reply {
  return { status, headers, body: { error: { code, message: `${code} (stand-in)`, ...extra } } };
}
