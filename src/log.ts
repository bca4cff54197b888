import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Request logs carry method, path and status only. Fastify's default serializer would add the
 * client's address and port, which must never reach a log.
 */
export const serializers = {
  req(req: { method: string; url: string; id?: string }) {
    return { method: req.method, url: req.url.split('?')[0], id: req.id };
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
