import pino, { type Logger } from 'pino';

export type { Logger };

/** An invitation's token travels in its path (the accept page and route): never into a log. */
const INVITATION_TOKEN = /\/invitations\/[^/]*/;

/**
 * Request logs carry method, path and status only. Fastify's default serializer would add the
 * client's address and port, which must never reach a log.
 */
export const serializers = {
  req(req: { method: string; url: string; id?: string }) {
    const path = req.url.split('?')[0]!.replace(INVITATION_TOKEN, '/invitations/…');
    return { method: req.method, url: path, id: req.id };
  },
  res(res: { statusCode: number }) {
    return { statusCode: res.statusCode };
  },
};

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      serializers,
      base: { service: 'twofold' },
      redact: {
        paths: ['ip', '*.ip', 'req.headers["x-forwarded-for"]', 'headers.authorization'],
        remove: true,
      },
    },
    destination,
  );
}
