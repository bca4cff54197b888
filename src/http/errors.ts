import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '../errors/app-error.js';
import { toAppError } from '../errors/to-app-error.js';

/** The error envelope's body: `{ error: { code, message, field? } }`. */
export function errorBody(code: ErrorCode, message: string, field?: string) {
  return { error: field === undefined ? { code, message } : { code, message, field } };
}

/** Every refusal and failure of the routes in `app` answered with the error envelope. */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => {
    const e = toAppError(err as Error);
    if (e.status >= 500) req.log.error({ err }, 'request failed');
    reply
      .status(e.status)
      .headers(e.headers)
      .send(errorBody(e.code, e.message, e.field));
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send(errorBody('not_found', `no route for ${req.method} ${req.url.split('?')[0]}`));
  });
}
