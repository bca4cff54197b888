import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * What the dashboard loads, and no more: its own scripts, stylesheet and API, no inline script or
 * style (Preact and the chart libraries set styles through the DOM, which CSP allows), the empty
 * `data:` favicon, and no framing by anyone (key creation and revocation must not be clickjacked).
 * No `upgrade-insecure-requests`: a plain-http installation on a private network must keep working.
 */
const DIRECTIVES = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ['data:'],
  'connect-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Built once: @fastify/helmet would rebuild the middleware for every request. */
const apply = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: DIRECTIVES },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  // The TLS terminator's to send (docs/operations.md#security): twofold may be served over http.
  strictTransportSecurity: false,
});

/**
 * The security headers (CSP, X-Frame-Options, nosniff, Referrer-Policy and helmet's other
 * defaults) on every route of `app`'s context: the dashboard and the API, never the hit routes,
 * which take no hook (src/app.ts).
 */
export function addSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: a promise per request adds up.
  app.addHook('onRequest', (req, reply, done) => {
    apply(req.raw, reply.raw, (err) => done(err as Error | undefined));
  });
}
