import { existsSync } from 'node:fs';
import Fastify from 'fastify';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Why a browser test fails without Chromium: `npm test` installs it first (as root with apt). */
export const NO_CHROMIUM = `this test needs Chromium at ${CHROMIUM}: run "sudo apt-get install -y chromium" (npm test does it as root, scripts/system-packages.sh)`;

/** Headless Chromium says "HeadlessChrome", which ingest rightly drops as a bot; versions tell people apart. */
export function chromeUserAgent(version: number): string {
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;
}

/** Debian's Chromium, headless, without the background connections this closed network refuses; undefined when not installed. */
export async function launchChromium(): Promise<Browser | undefined> {
  if (!existsSync(CHROMIUM)) return undefined;
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface CustomerSite {
  url(path: string): string;
  close(): Promise<void>;
}

/** A customer's site on another origin: every page carries the snippet as `snippet()` gives it then. */
export async function startCustomerSite(snippet: () => string): Promise<CustomerSite> {
  const site = Fastify();
  site.get('/favicon.ico', async (_req, reply) => reply.status(404).send());
  site.get('/*', async (req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html><head><title>${req.url}</title>${snippet()}</head><body><h1>${req.url}</h1></body></html>`,
      ),
  );
  const base = await site.listen({ host: '127.0.0.1', port: 0 });
  return { url: (path) => `${base}${path}`, close: () => site.close() };
}
