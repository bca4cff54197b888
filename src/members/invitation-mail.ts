import type { Mail } from '../mail/mailer.js';
import type { MemberRole } from './invitations.js';

const WHAT: Record<MemberRole, string> = {
  viewer: 'see its statistics and export them',
  admin: 'see its statistics and manage the site, its keys, goals, funnels, segments and members',
};

/** The invitation mail: who invites, to which site, as what, and the link (valid for `days`). */
export function invitationMail(i: {
  to: string;
  inviter: string;
  domain: string;
  role: MemberRole;
  url: string;
  days: number;
}): Mail {
  return {
    to: i.to,
    subject: `You are invited to ${i.domain} on twofold`,
    text: [
      `${i.inviter} invites you to join ${i.domain} on twofold as ${i.role === 'admin' ? 'an admin' : 'a viewer'}:`,
      `you may ${WHAT[i.role]}.`,
      '',
      `Accept within ${i.days} days, signed in (or signing up) with this email address:`,
      i.url,
      '',
      'If you did not expect this, ignore this mail; nothing happens without the link.',
    ].join('\n'),
  };
}
