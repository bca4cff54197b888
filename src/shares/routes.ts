import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../auth/guards.js';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN, verifyPassword } from '../auth/passwords.js';
import { cookieOptions } from '../auth/sessions.js';
import { looksLikeToken } from '../auth/tokens.js';
import { publicUrl } from '../config.js';
import type { Db } from '../db/sql.js';
import { AppError } from '../errors/app-error.js';
import type { AppDeps } from '../http/deps.js';
import { parseInput } from '../input/parse-input.js';
import { addressDigest } from '../ratelimit/address.js';
import { consume } from '../ratelimit/fixed-window.js';
import { filtersSchema } from '../read/envelope/filters.js';
import { DIMENSIONS_OF } from '../read/envelope/query.js';
import { loadSegmentFilters } from '../segments/segments.js';
import { requireSiteRole } from '../sites/roles.js';
import { getSite } from '../sites/sites.js';
import { openShare, unlockCookieName } from './credential.js';
import {
  createShare,
  createUnlock,
  deleteShare,
  listShares,
  SHARE_AUDIENCES,
  shareByToken,
  shareSite,
  UNLOCK_HOURS,
  unknownShare,
} from './store.js';

const Name = z
  .string()
  .trim()
  .min(1)
  .max(100)
  // A NUL cannot travel in a PostgreSQL text parameter: it would fail as a database error.
  .refine((s) => !s.includes('\0'), 'must not contain a NUL character');

export const CreateShareBody = z.object({
  name: Name,
  password: z
    .string()
    .min(PASSWORD_MIN, `at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `at most ${PASSWORD_MAX} characters`)
    .optional(),
  segment: z.number({ error: 'expected a segment id' }).int().positive().optional(),
  audience: z.enum(SHARE_AUDIENCES, { error: 'audience must be one of human, agent' }).optional(),
});
export const UnlockBody = z.object({ password: z.string().min(1).max(PASSWORD_MAX) });
const SiteParams = z.object({ id: z.coerce.number().int().positive() });
const ShareParams = z.object({ id: z.coerce.number().int().positive() });
const TokenParams = z.object({ token: z.string().max(100) });

/** Password attempts per address on unlock, the login's limit (docs/api.md#shared-links). */
const UNLOCK_LIMIT = { bucket: 'share:unlock', limit: 40, windowSeconds: 300 } as const;

/**
 * Shared links (docs/api.md#shared-links): created, listed and revoked by the site's owner and
 * admins with a signed-in session; opened by anyone holding the token, after the password when
 * the link has one. The reads themselves take the token as `share` (src/auth/guards.ts).
 */
export const shareRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const secure = deps.config.COOKIE_SECURE;

  app.post('/sites/:id/shares', async (req, reply) => {
    const { userId } = await requireUser(db, req);
    const { id } = parseInput(SiteParams, req.params);
    const site = await requireSiteRole(db, id, userId, 'admin');
    const body = parseInput(CreateShareBody, req.body);
    if (body.segment !== undefined) {
      const filters = await loadSegmentFilters(db, site.id, body.segment);
      // A segment on dimensions the link's readership lacks would refuse every read it allows.
      if (
        body.audience !== undefined &&
        !filtersSchema(DIMENSIONS_OF[body.audience]).safeParse(filters).success
      )
        throw new AppError(
          'validation_error',
          `the segment filters on dimensions audience=${body.audience} lacks`,
          {
            field: 'segment',
          },
        );
    }
    const passwordHash = body.password === undefined ? null : await hashPassword(body.password);
    const { id: shareId, token } = await createShare(db, {
      siteId: site.id,
      name: body.name,
      passwordHash,
      segmentId: body.segment ?? null,
      audience: body.audience ?? null,
      createdBy: userId,
    });
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send({ data: { id: shareId, token, url: `${publicUrl(deps.config)}/share/${token}` } });
  });

  app.get('/sites/:id/shares', async (req) => {
    const { userId } = await requireUser(db, req);
    const { id } = parseInput(SiteParams, req.params);
    const site = await requireSiteRole(db, id, userId, 'admin');
    return { data: await listShares(db, site.id) };
  });

  app.delete('/shares/:id', async (req, reply) => {
    const { userId } = await requireUser(db, req);
    const { id } = parseInput(ShareParams, req.params);
    const siteId = await shareSite(db, id);
    if (siteId === null) throw new AppError('not_found', 'no such shared link');
    await requireSiteRole(db, siteId, userId, 'admin');
    await deleteShare(db, id);
    return reply.status(204).send();
  });

  // What the read-only dashboard shows of the link; refused like a read until it is unlocked.
  app.get('/share/:token', async (req, reply) => {
    const { token } = parseInput(TokenParams, req.params);
    const share = await openShare(db, req, token);
    const site = await getSite(db, share.siteId);
    if (site === null) throw unknownShare();
    return reply.header('cache-control', 'no-store').send({
      data: {
        name: share.name,
        site: { id: site.id, domain: site.domain, timezone: site.timezone },
        segment: share.segmentId,
        audience: share.audience,
      },
    });
  });

  app.post('/share/:token/unlock', async (req, reply) => {
    await limitAttempts(db, req);
    const { token } = parseInput(TokenParams, req.params);
    const body = parseInput(UnlockBody, req.body);
    const share = looksLikeToken('share', token) ? await shareByToken(db, token) : null;
    if (share === null) throw unknownShare();
    if (share.passwordHash === null) return reply.status(204).send();
    if (!(await verifyPassword(share.passwordHash, body.password)))
      throw new AppError('unauthorized', 'wrong password', { field: 'password' });
    const { value, expires } = await createUnlock(db, share.id);
    reply.setCookie(unlockCookieName(share.id), value, {
      ...cookieOptions(req, secure),
      expires,
      maxAge: UNLOCK_HOURS * 3600,
    });
    return reply.status(204).send();
  });
};

async function limitAttempts(db: Db, req: FastifyRequest): Promise<void> {
  const subject = await addressDigest(db, req.ip);
  const { allowed, retryAfter } = await consume(db, { ...UNLOCK_LIMIT, subject });
  if (!allowed)
    throw new AppError('rate_limited', 'too many attempts; try again later', {
      headers: { 'retry-after': String(retryAfter) },
    });
}
