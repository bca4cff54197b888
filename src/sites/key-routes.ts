import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../auth/guards.js';
import type { AppDeps } from '../http/deps.js';
import { pgText } from '../db/text.js';
import { AppError } from '../errors/app-error.js';
import { parseInput } from '../input/parse-input.js';
import { createApiKey, listApiKeys, revokeApiKey, SCOPES } from './keys.js';
import { roleAllows, siteRole } from './roles.js';

export const CreateKeyBody = z.object({
  name: z.string().trim().min(1).max(100).pipe(pgText()),
  site: z.number().int().positive(),
  scopes: z
    .array(z.enum(SCOPES))
    .min(1)
    .transform((s) => [...new Set(s)])
    .default(['stats:read']),
});

const KeyParams = z.object({ id: z.coerce.number().int().positive() });

export const keyRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.post('/', async (req, reply) => {
    const { userId } = await requireUser(db, req);
    const body = parseInput(CreateKeyBody, req.body);
    // An unknown site answers like another user's, so site ids cannot be probed. Admins make keys
    // too; a key acts for its creator, so it reads only while its creator is on the site.
    const site = await siteRole(db, body.site, userId);
    if (site === null || site.role === null)
      throw new AppError('forbidden', 'this site is not yours', { field: 'site' });
    if (!roleAllows(site.role, 'admin'))
      throw new AppError('forbidden', 'this needs the admin role on the site', { field: 'site' });
    const key = await createApiKey(db, { userId, siteId: site.id, name: body.name, scopes: body.scopes });
    return reply.status(201).send({ data: key });
  });

  app.get('/', async (req) => {
    const { userId } = await requireUser(db, req);
    return { data: await listApiKeys(db, userId) };
  });

  app.delete('/:id', async (req, reply) => {
    const { userId } = await requireUser(db, req);
    const params = KeyParams.safeParse(req.params);
    // Another user's key is reported as missing: its existence is none of this user's business.
    if (!params.success || !(await revokeApiKey(db, userId, params.data.id))) {
      throw new AppError('not_found', 'no such key');
    }
    return reply.status(204).send();
  });
};
