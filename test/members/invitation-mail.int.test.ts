import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenDigest } from '../../src/auth/tokens.js';
import { publicUrl } from '../../src/config.js';
import { createMailer } from '../../src/mail/mailer.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createSite, signUp, uniqueEmail } from '../support/accounts.js';
import { accept } from '../support/members.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';

/** Invitations mailed through a real SMTP server, and accepted from the mailed link. */
let smtp: TestSmtp;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'twofold <team@example.test>' } });
  owner = await signUp(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

function invite(siteId: number, email: string, role: 'admin' | 'viewer') {
  return t.app.inject({
    method: 'POST',
    url: `/api/sites/${siteId}/members`,
    headers: { cookie: owner.cookie },
    payload: { email, role },
  });
}

const LINK = /(https?:\/\/\S+\/invitations\/(inv_[A-Za-z0-9_-]{43}))/;

/** The link and its token in the next mail to `email`. */
async function mailedLink(email: string) {
  const mail = await smtp.next(email);
  const m = LINK.exec(mail.text ?? '');
  if (!m) throw new Error(`no link in: ${mail.text}`);
  return { mail, url: m[1]!, token: m[2]! };
}

describe('an invitation with SMTP set', () => {
  it('is mailed with the accept link, not returned; the link works once for the invited account', async () => {
    const site = await createSite(t.app, owner.cookie, { domain: 'mailed.example' });
    const email = uniqueEmail();

    const res = await invite(site.id, email, 'viewer');

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      data: {
        email,
        role: 'viewer',
        invited_by: owner.userId,
        created_at: expect.any(String),
        expires_at: expect.any(String),
        mailed: true,
      },
    });
    const { mail, url, token } = await mailedLink(email);
    expect(mail.subject).toBe('You are invited to mailed.example on twofold');
    expect(mail.from?.value[0]?.address).toBe('team@example.test');
    expect(mail.text).toContain(`${owner.email} invites you to join mailed.example on twofold as a viewer`);
    expect(mail.text).toContain('Accept within 7 days');
    expect(url).toBe(`${publicUrl(t.deps.config)}/invitations/${token}`);
    expect(res.body).not.toContain(token);
    const stored = await t.database.pool.query<{ token_digest: Buffer; row: string }>(
      'SELECT token_digest, to_jsonb(i)::text AS row FROM site_invitations i WHERE site_id = $1',
      [site.id],
    );
    expect(stored.rows[0]!.token_digest.equals(tokenDigest(token))).toBe(true);
    expect(stored.rows[0]!.row).not.toContain(token.slice(4));

    // The invited person signs up with the invited address, then accepts.
    const invited = await signUp(t.app, email);
    const first = await accept(t.app, token, invited.cookie);
    const second = await accept(t.app, token, invited.cookie);

    expect([first.statusCode, first.json().data.id, first.json().data.role]).toEqual([
      200,
      site.id,
      'viewer',
    ]);
    expect([second.statusCode, second.json().error.code]).toEqual([404, 'not_found']);
    const overview = await t.app.inject({
      url: `/api/stats/overview?site=${site.id}&range=30d`,
      headers: { cookie: invited.cookie },
    });
    expect(overview.statusCode).toBe(200);
  });

  it('answers 403 to another account, and 404 once the link has expired', async () => {
    const site = await createSite(t.app, owner.cookie);
    const email = uniqueEmail();
    expect((await invite(site.id, email, 'admin')).statusCode).toBe(201);
    const { token, mail } = await mailedLink(email);
    expect(mail.text).toContain('as an admin');
    const other = await signUp(t.app);
    const invited = await signUp(t.app, email);

    const wrong = await accept(t.app, token, other.cookie);
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([403, 'forbidden']);

    await t.database.pool.query(
      `UPDATE site_invitations SET expires_at = now() - interval '1 second' WHERE token_digest = $1`,
      [tokenDigest(token)],
    );
    const late = await accept(t.app, token, invited.cookie);
    expect([late.statusCode, late.json().error.field]).toEqual([404, 'token']);
    const { rowCount } = await t.database.pool.query('SELECT 1 FROM site_members WHERE site_id = $1', [
      site.id,
    ]);
    expect(rowCount).toBe(0);
  });

  it('answers 503 upstream_error when the mail server cannot be reached, and keeps no invitation', async () => {
    const site = await createSite(t.app, owner.cookie);
    // The routes read deps.mailer per request: a transport to a port nothing listens on.
    const working = t.deps.mailer;
    t.deps.mailer = createMailer({ SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'x@example.test' }, t.deps.log);

    const res = await invite(site.id, uniqueEmail(), 'viewer').finally(() => {
      t.deps.mailer?.close();
      t.deps.mailer = working;
    });

    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('upstream_error');
    const { rowCount } = await t.database.pool.query('SELECT 1 FROM site_invitations WHERE site_id = $1', [
      site.id,
    ]);
    expect(rowCount).toBe(0);
  });
});
