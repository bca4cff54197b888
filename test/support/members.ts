import type { FastifyInstance } from 'fastify';
import { signUp } from './accounts.js';

/** Invites `email` to the site as `role` on an app without SMTP, and returns the link's token. */
export async function inviteByLink(
  app: FastifyInstance,
  cookie: string,
  siteId: number,
  email: string,
  role: 'admin' | 'viewer',
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/sites/${siteId}/members`,
    headers: { cookie },
    payload: { email, role },
  });
  if (res.statusCode !== 201) throw new Error(`invite answered ${res.statusCode}: ${res.body}`);
  const url: string = res.json().data.url;
  return url.slice(url.lastIndexOf('/') + 1);
}

export function accept(app: FastifyInstance, token: string, cookie: string) {
  return app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers: { cookie } });
}

/** A new account that joined the site as `role` through an invitation link (an app without SMTP). */
export async function addMember(
  app: FastifyInstance,
  ownerCookie: string,
  siteId: number,
  role: 'admin' | 'viewer',
): Promise<{ cookie: string; userId: number; email: string }> {
  const user = await signUp(app);
  const token = await inviteByLink(app, ownerCookie, siteId, user.email, role);
  const res = await accept(app, token, user.cookie);
  if (res.statusCode !== 200) throw new Error(`accept answered ${res.statusCode}: ${res.body}`);
  return user;
}
