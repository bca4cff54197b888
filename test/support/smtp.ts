import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a loopback port, keeping every mail it received, parsed. */
export interface TestSmtp {
  /** For SMTP_URL: with credentials the server checks, so a transport that skips AUTH fails. */
  url: string;
  mails: ParsedMail[];
  /** The first mail (in order of arrival) to `to` that the test has not taken yet, waited for. */
  next(to: string, timeoutMs?: number): Promise<ParsedMail>;
  stop(): Promise<void>;
}

const USER = 'twofold';
const PASS = 'smtp-test-password';

export async function startSmtp(): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  const taken = new Set<ParsedMail>();
  const server = new SMTPServer({
    secure: false,
    // Loopback only, without TLS: STARTTLS is not offered, plain AUTH is allowed on it.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, cb) {
      if (auth.username === USER && auth.password === PASS) cb(null, { user: USER });
      else cb(new Error('invalid credentials'));
    },
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((m) => {
          mails.push(m);
          cb();
        })
        .catch((err: Error) => cb(err));
    },
    logger: false,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const recipients = (m: ParsedMail) =>
    [m.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));
  return {
    url: `smtp://${USER}:${PASS}@127.0.0.1:${port}`,
    mails,
    async next(to, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const m = mails.find((x) => !taken.has(x) && recipients(x).includes(to.toLowerCase()));
        if (m) {
          taken.add(m);
          return m;
        }
        if (Date.now() > until) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
