import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';

/** One mail: plain text always (every client reads it), HTML when the sender has a richer form. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail through the configured SMTP server; absent (null) when SMTP_URL is unset. */
export interface Mailer {
  /** Resolves once the server accepted the mail; rejects when it refused or could not be reached. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Each step with the server is bounded, so a stalled server holds a sender for seconds, not for ever. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * nodemailer's SMTP transport (maintained, speaks STARTTLS, SMTPS, AUTH and pooling, which is
 * more of SMTP than is worth writing again), from SMTP_URL; null when it is unset.
 */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, log: Logger): Mailer | null {
  if (!config.SMTP_URL) return null;
  const transport = nodemailer.createTransport({
    url: config.SMTP_URL,
    pool: true,
    maxConnections: 2,
    ...TIMEOUTS,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...mail });
      log.info({ messageId: info.messageId }, 'mail sent');
    },
    close() {
      transport.close();
    },
  };
}
