/**
 * Reports an Express (or Connect, or bare `node:http`) app's traffic to twofold: crawl records for
 * crawlers, pageviews for people's HTML pages. It uses only what Express's request and response
 * share with Node's, so it needs neither express nor its types.
 *
 * ```ts
 * const tf = createTwofold({ endpoint: 'https://analytics.example.com', siteId: 1, ingestKey: process.env.TWOFOLD_INGEST_KEY! });
 * app.set('trust proxy', 1); // so req.ip is the client behind your proxy
 * app.use(twofoldExpress(tf));
 * process.on('SIGTERM', () => void tf.close().then(() => process.exit(0)));
 * ```
 */
import type { Twofold } from '../src/sdk/index.js';
import { headerText, reportResponse } from './report-response.js';

/** The parts of Express's `req` used here; Node's `IncomingMessage` has all but `ip` and `hostname`. */
export interface RequestLike {
  method?: string;
  url?: string;
  /** Express: the URL before routers cut their mount path off. */
  originalUrl?: string;
  /** Express: the client address, honouring `trust proxy`. */
  ip?: string;
  /** Express: the `Host` header without its port, honouring `trust proxy`. */
  hostname?: string;
  headers: Record<string, string | string[] | undefined>;
  socket: { remoteAddress?: string };
}

export interface ResponseLike {
  statusCode: number;
  getHeader(name: string): number | string | string[] | undefined;
  once(event: 'finish', listener: () => void): unknown;
}

export function twofoldExpress(tf: Twofold) {
  return (req: RequestLike, res: ResponseLike, next: (err?: unknown) => void): void => {
    const started = performance.now();
    // 'finish': the response was handed to the network in full (an aborted one is not reported).
    res.once('finish', () => {
      reportResponse(tf, {
        ip: req.ip ?? req.socket.remoteAddress ?? '',
        method: req.method ?? 'GET',
        hostname: req.hostname ?? headerText(req.headers.host),
        url: req.originalUrl ?? req.url ?? '/',
        headers: req.headers,
        status: res.statusCode,
        contentType: headerText(res.getHeader('content-type')),
        bytes: Number(res.getHeader('content-length') ?? 0) || 0,
        durationMs: performance.now() - started,
      });
    });
    next();
  };
}
