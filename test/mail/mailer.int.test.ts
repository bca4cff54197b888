import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { createMailer } from '../../src/mail/mailer.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';

describe('the SMTP mailer', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.stop());

  it('is absent without SMTP_URL', () => {
    expect(createMailer(loadConfig({}), createLogger('silent'))).toBeNull();
  });

  it('delivers a mail from MAIL_FROM with its text and HTML, authenticating with the URL credentials', async () => {
    const config = loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Reports <reports@twofold.test>' });
    const mailer = createMailer(config, createLogger('silent'))!;
    try {
      await mailer.send({
        to: 'ana@example.com',
        subject: 'Hello Ana',
        text: 'plain body',
        html: '<p>html body</p>',
      });
    } finally {
      mailer.close();
    }
    const mail = await smtp.next('ana@example.com');
    expect(mail.subject).toBe('Hello Ana');
    expect(mail.from?.value[0]).toMatchObject({ address: 'reports@twofold.test', name: 'Reports' });
    expect(mail.text?.trim()).toBe('plain body');
    expect(mail.html).toContain('<p>html body</p>');
  });

  it('rejects when the server refuses the credentials', async () => {
    const wrong = smtp.url.replace('smtp-test-password', 'wrong');
    const mailer = createMailer(loadConfig({ SMTP_URL: wrong }), createLogger('silent'))!;
    try {
      await expect(mailer.send({ to: 'bo@example.com', subject: 's', text: 't' })).rejects.toThrow();
    } finally {
      mailer.close();
    }
    expect(smtp.mails.some((m) => m.subject === 's')).toBe(false);
  });
});
