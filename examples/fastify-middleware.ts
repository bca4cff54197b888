/**
 * Reports a Fastify app's traffic to twofold: crawl records for crawlers, pageviews for people's
 * HTML pages. Call it on the root instance before registering routes; it closes the SDK (sending
 * what is queued) when the app closes.
 *
 * ```ts
 * const app = Fastify({ trustProxy: true }); // so req.ip is the client behind your proxy
 * const tf = createTwofold({ endpoint: 'https://analytics.example.com', siteId: 1, ingestKey: process.env.TWOFOLD_INGEST_KEY! });
 * twofoldFastify(app, tf);
 * ```
 */
import type { FastifyInstance } from 'fastify';
import type { Twofold } from '../src/sdk/index.js';
import { headerText, reportResponse } from './report-response.js';

export function twofoldFastify(app: FastifyInstance, tf: Twofold): void {
  // onResponse runs after the response has been sent: the SDK only queues, nothing waits on it.
  app.addHook('onResponse', async (req, reply) => {
    reportResponse(tf, {
      ip: req.ip,
      method: req.method,
      hostname: req.hostname,
      url: req.url,
      headers: req.headers,
      status: reply.statusCode,
      contentType: headerText(reply.getHeader('content-type')),
      bytes: Number(reply.getHeader('content-length') ?? 0) || 0,
      durationMs: reply.elapsedTime,
    });
  });
  app.addHook('onClose', async () => {
    await tf.close();
  });
}
