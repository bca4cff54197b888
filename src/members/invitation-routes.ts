import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../auth/guards.js';
import type { AppDeps } from '../http/deps.js';
import { requireSiteRole } from '../sites/roles.js';
import { siteView } from '../sites/sites.js';
import { acceptInvitation } from './invitations.js';

/** Accepting an invitation (docs/api.md#team-members-and-invitations), signed in as the invited email. */
export const invitationRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.post<{ Params: { token: string } }>('/:token/accept', async (req) => {
    const { userId } = await requireUser(db, req);
    const { siteId } = await acceptInvitation(db, req.params.token, userId);
    const site = await requireSiteRole(db, siteId, userId, 'viewer');
    return { data: { ...siteView(site), role: site.role } };
  });
};
