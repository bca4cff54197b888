import pino, { type Logger } from 'pino';

export type { Logger };

/** A shared link's token, as paths carry it (`/share/<token>`, `/api/share/<token>/unlock`). */
const SHARE_TOKEN = /\bsh_[A-Za-z0-9_-]{43}/g;
/** An invitation's token travels in its path (the accept page and route): never into a log. */
const INVITATION_TOKEN = /\/invitations\/[^/]*/;

/**
 * Request logs carry method, path and status only. Fastify's default serializer would add the
 * client's address and port, which must never reach a log; a shared link's token in a path is
 * masked, since whoever reads the log could open the link.
 */
export const serializers = {
  req(req: { method: string; url: string; id?: string }) {
    const path = req.url
      .split('?')[0]!
      .replace(SHARE_TOKEN, 'sh_…')
      .replace(INVITATION_TOKEN, '/invitations/…');
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
