import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createSite, signUp, uniqueAddress, uniqueEmail } from '../support/accounts.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const bin = fileURLToPath(new URL('../../src/bin.js', import.meta.url));

/** `twofold users …` against the test database: its exit code, stdout and stderr. */
function twofold(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [bin, 'users', ...args], {
    env: {
      ...process.env,
      DATABASE_URL: t.database.url,
      NATS_URL: inject('natsUrl'),
      PUBLIC_URL: 'https://stats.example.org',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (err += c));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}

describe('twofold users', { timeout: 120_000 }, () => {
  it('lists every account with the sites it owns', async () => {
    const ana = await signUp(t.app, uniqueEmail());
    const bo = await signUp(t.app, uniqueEmail());
    await createSite(t.app, ana.cookie);
    await createSite(t.app, ana.cookie);

    const { code, out } = await twofold('list');

    expect(code).toBe(0);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^id\s+email\s+created \(UTC\)\s+owns\s+member of$/);
    expect(lines.find((l) => l.includes(ana.email))).toMatch(
      new RegExp(`^${ana.userId}\\s+${ana.email}\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\s+2\\s+0$`),
    );
    expect(lines.find((l) => l.includes(bo.email))).toMatch(/\s0\s+0$/);
  });

  it('reset-password prints a one-time link whose token sets a new password', async () => {
    const ana = await signUp(t.app, uniqueEmail(), 'the old password');

    const { code, out } = await twofold('reset-password', ana.email.toUpperCase());

    expect(code).toBe(0);
    const token = /^https:\/\/stats\.example\.org\/reset-password#token=([A-Za-z0-9_-]+)\n$/.exec(out)?.[1];
    expect(token, out).toBeDefined();
    const reset = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        remoteAddress: uniqueAddress(),
        payload: { token, password },
      });
    expect((await reset('the new password')).statusCode).toBe(204);
    expect((await reset('once more please')).statusCode).toBe(400);
  });

  it('reset-password of an email without an account exits 1 and prints no link', async () => {
    const { code, out, err } = await twofold('reset-password', 'nobody@example.test');
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toContain('no account with the email nobody@example.test');
  });
});
