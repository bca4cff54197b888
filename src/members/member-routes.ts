import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../auth/guards.js';
import { Email } from '../auth/routes.js';
import { publicUrl } from '../config.js';
import { sql } from '../db/sql.js';
import { AppError } from '../errors/app-error.js';
import type { AppDeps } from '../http/deps.js';
import { parseInput } from '../input/parse-input.js';
import { consume } from '../ratelimit/fixed-window.js';
import { requireSiteRole, roleAllows, SITE_ROLES, type SiteWithRole } from '../sites/roles.js';
import { invitationMail } from './invitation-mail.js';
import {
  countPendingInvitations,
  createInvitation,
  dropInvitation,
  INVITATION_DAYS,
  listPendingInvitations,
  MAX_PENDING_INVITATIONS,
} from './invitations.js';
import {
  findMember,
  isMemberEmail,
  listMembers,
  removeMember,
  setMemberRole,
  transferOwnership,
} from './members.js';

/** Invitations a site may send in an hour. */
export const INVITES_PER_HOUR = 30;

const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const SiteParams = z.object({ id: Id });
const MemberParams = z.object({ id: Id, user: Id });

export const InviteBody = z.object({ email: Email, role: z.enum(['admin', 'viewer']) });
export const ChangeRoleBody = z.object({ role: z.enum(SITE_ROLES) });

/**
 * A site's team (docs/api.md#team-members-and-invitations): admins list, invite, change and remove
 * members; the owner also transfers the site; anyone but the owner may leave.
 */
export const memberRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  /** The site named by `:id` for a user with at least `needed`: malformed or unknown → 404. */
  async function siteFor(params: unknown, userId: number, needed: 'owner' | 'admin' | 'viewer') {
    const p = SiteParams.safeParse(params);
    if (!p.success) throw new AppError('not_found', 'no such site');
    return requireSiteRole(db, p.data.id, userId, needed);
  }

  /** The member named by `:user` (the owner included): malformed or unknown → 404 on `user`. */
  async function memberOf(site: SiteWithRole, params: unknown) {
    const p = MemberParams.safeParse(params);
    const member = p.success ? await findMember(db, site.id, p.data.user) : null;
    if (member === null) throw new AppError('not_found', 'no such member of this site', { field: 'user' });
    return member;
  }

  app.get('/:id/members', async (req) => {
    const site = await siteFor(req.params, (await requireUser(db, req)).userId, 'admin');
    return {
      data: {
        members: await listMembers(db, site.id),
        invitations: await listPendingInvitations(db, site.id),
      },
    };
  });

  app.post('/:id/members', async (req, reply) => {
    const { userId } = await requireUser(db, req);
    const body = parseInput(InviteBody, req.body);
    const site = await siteFor(req.params, userId, 'admin');
    if (await isMemberEmail(db, site.id, body.email))
      throw new AppError('conflict', 'this person is already on the site', { field: 'email' });
    if ((await countPendingInvitations(db, site.id, body.email)) >= MAX_PENDING_INVITATIONS)
      throw new AppError(
        'conflict',
        `this site has ${MAX_PENDING_INVITATIONS} pending invitations; wait for some to be accepted or to expire`,
      );
    // Each invitation may be a mail: a site sends at most INVITES_PER_HOUR, replacements included.
    const limit = await consume(db, {
      bucket: 'members:invite',
      subject: Buffer.from(`site:${site.id}`),
      limit: INVITES_PER_HOUR,
      windowSeconds: 3600,
    });
    if (!limit.allowed)
      throw new AppError('rate_limited', `at most ${INVITES_PER_HOUR} invitations an hour per site`, {
        headers: { 'retry-after': String(limit.retryAfter) },
      });
    const { token, invitation } = await createInvitation(db, {
      siteId: site.id,
      email: body.email,
      role: body.role,
      invitedBy: userId,
    });
    const url = `${publicUrl(deps.config)}/invitations/${token}`;
    if (deps.mailer === null) {
      // Shown here once: only its digest is stored.
      return reply.status(201).send({ data: { ...invitation, mailed: false, url } });
    }
    const { rows } = await db.query<{ email: string }>(sql`SELECT email FROM users WHERE id = ${userId}`);
    const mail = invitationMail({
      to: body.email,
      inviter: rows[0]!.email,
      domain: site.domain,
      role: body.role,
      url,
      days: INVITATION_DAYS,
    });
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      req.log.warn({ err }, 'invitation mail not sent');
      await dropInvitation(db, token);
      throw new AppError('upstream_error', 'the mail server did not take the invitation; try again later');
    }
    return reply.status(201).send({ data: { ...invitation, mailed: true } });
  });

  app.patch('/:id/members/:user', async (req) => {
    const { userId } = await requireUser(db, req);
    const body = parseInput(ChangeRoleBody, req.body);
    const site = await siteFor(req.params, userId, body.role === 'owner' ? 'owner' : 'admin');
    const member = await memberOf(site, req.params);
    if (member.role === 'owner')
      throw new AppError(
        'forbidden',
        "nobody changes the owner's role; the owner transfers the site instead",
        {
          field: 'user',
        },
      );
    if (body.role === 'owner') await transferOwnership(db, site.id, userId, member.user);
    else await setMemberRole(db, site.id, member.user, body.role);
    return { data: await memberOf(site, req.params) };
  });

  app.delete('/:id/members/:user', async (req, reply) => {
    const { userId } = await requireUser(db, req);
    const site = await siteFor(req.params, userId, 'viewer');
    const member = await memberOf(site, req.params);
    if (member.user !== userId && !roleAllows(site.role, 'admin'))
      throw new AppError('forbidden', 'this needs the admin role on the site', { field: 'user' });
    if (member.role === 'owner')
      throw new AppError('forbidden', 'the owner cannot be removed nor leave; transfer the site first', {
        field: 'user',
      });
    if (!(await removeMember(db, site.id, member.user)))
      throw new AppError('not_found', 'no such member of this site', { field: 'user' });
    return reply.status(204).send();
  });
};
