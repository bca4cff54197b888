import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../../web/build.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { signUp, uniqueEmail } from '../support/accounts.js';
import { NO_CHROMIUM, launchChromium } from '../support/browser.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';

const SCREENSHOTS = new URL('../../docs/screenshots/', import.meta.url);

let t: TestApp;
let smtp: TestSmtp;
let browser: Browser | undefined;
let base: string;

beforeAll(async () => {
  await buildWebIfStale();
  smtp = await startSmtp();
  // PUBLIC_URL is set once the port is known; links in mail are built from the config at send time.
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  t.deps.config.PUBLIC_URL = base;
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await smtp?.stop();
});

/** The page's status line, once it shows. */
async function statusText(page: Page): Promise<string> {
  const status = page.getByRole('status');
  await status.waitFor();
  return (await status.textContent()) ?? '';
}

describe('a forgotten password in the dashboard', { timeout: 120_000 }, () => {
  it('is reset by the link in the mail, and the new password logs in', async () => {
    if (!browser) throw new Error(NO_CHROMIUM);
    const { email } = await signUp(t.app, uniqueEmail(), 'the old password');
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();

    await page.goto(`${base}/`);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Mail me a link' }).click();
    expect(await statusText(page)).toContain('a mail with a link');

    const mail = await smtp.next(email);
    const link = new RegExp(`${base}/reset-password#token=[A-Za-z0-9_-]+`).exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeDefined();
    await page.goto(link!);
    await page.getByLabel('New password').fill('a brand new password');
    await page.getByLabel('The same again').fill('a brand new password');
    await page.screenshot({ path: new URL('reset-password.png', SCREENSHOTS).pathname });
    await page.getByRole('button', { name: 'Set the password' }).click();
    expect(await statusText(page)).toContain('Your password is changed');
    // The spent link leaves the address bar.
    expect(page.url()).toBe(`${base}/reset-password`);

    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a brand new password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${base}/sites`);
  });
});
