import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { allowOriginHook, preflight } from '../http/cross-origin.js';
import type { AppDeps } from '../http/deps.js';
import { buildTracker, gzipTracker } from './build.js';

interface Served {
  plain: Buffer;
  gzip: Buffer;
  etag: string;
}

// Built from source once per process (esbuild, tens of ms), so a fresh `npm start` serves the
// current script with no build step and no dist/ file that could be stale.
let served: Promise<Served> | undefined;
function tracker(): Promise<Served> {
  served ??= buildTracker().then(({ code }) => {
    const plain = Buffer.from(code);
    // Weak: the gzip and identity bodies are the same script, so they share one validator.
    const etag = `W/"${createHash('sha256').update(plain).digest('base64url').slice(0, 22)}"`;
    return { plain, gzip: gzipTracker(code), etag };
  });
  served.catch(() => (served = undefined));
  return served;
}

/** If-None-Match compared weakly (RFC 9110 §13.1.2): `W/` is ignored, `*` matches. */
function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === opaque;
  });
}

/** Whether Accept-Encoding admits gzip: named (or `*`) without `q=0`. */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export const trackerRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  const script = await tracker();

  app.options('/js/script.js', preflight(['GET']));
  app.get('/js/script.js', { onRequest: allowOriginHook }, async (req, reply) => {
    const vary = reply.getHeader('vary'); // CORS may have put Origin there already
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=3600')
      .header('etag', script.etag)
      .header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    if (notModified(req.headers['if-none-match'], script.etag)) return reply.status(304).send();
    if (acceptsGzip(req.headers['accept-encoding']))
      return reply.header('content-encoding', 'gzip').send(script.gzip);
    return reply.send(script.plain);
  });
};
