import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../src/db/sql.js';
import { parseTrackPayload, TrackPayload } from '../../src/ingest/payloads.js';
import { visitorDigest } from '../../src/ingest/steps/visitor-digest.js';
import { addressDigest } from '../../src/ratelimit/address.js';

// What the ingest hot path does faster must give what the plain version gave: the same digests
// (visitors and rate-limit counters carry on across a deploy) and zod's own verdicts.

describe('digests', () => {
  it('visitorDigest is SHA-256 over the salt, then the site, address and user agent', () => {
    const salt = Buffer.alloc(32, 7);
    const ua = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 — ünïcode';
    const expected = createHash('sha256')
      .update(salt)
      .update(`\u0000${42}\u0000${'203.0.113.9'}\u0000${ua}`)
      .digest('hex')
      .slice(0, 32);
    expect(visitorDigest(salt, 42, '203.0.113.9', ua)).toBe(expected);
  });

  it('addressDigest is SHA-256 over the installation key, then the normalised address', async () => {
    const key = Buffer.alloc(32, 9);
    let queries = 0;
    const db = {
      query: async () => {
        queries++;
        return { rows: [{ value: key }] };
      },
    } as unknown as Db;
    const expected = createHash('sha256').update(key).update('203.0.113.7').digest();
    expect(await addressDigest(db, '::ffff:203.0.113.7')).toEqual(expected);
    // Once loaded, the key is not asked for again.
    expect(await addressDigest(db, '203.0.113.7')).toEqual(expected);
    expect(queries).toBe(2); // the insert and the select of the first load
  });
});

describe('the compiled TrackPayload', () => {
  it('is compiled: zod generated a fast path for the schema', () => {
    expect(() => z.compile(TrackPayload, { strict: true })).not.toThrow();
  });

  const same = (input: unknown) => {
    const fast = parseTrackPayload.safeParse(input);
    const plain = TrackPayload.safeParse(input);
    expect(fast.success).toBe(plain.success);
    if (plain.success) expect(fast.data).toEqual(plain.data);
    else expect(fast.error?.issues).toEqual(plain.error.issues);
  };

  it('answers as the schema does for hand-picked payloads', () => {
    const u = 'https://shop.example/a?b=1';
    for (const input of [
      { s: 1, u },
      { s: 1, u, t: 'custom', n: 'Signup', rv: { amount: 10, currency: 'EUR' }, extra: 'dropped' },
      { s: 1, u, p: { a: 1, b: { c: [1, 2] } }, e: { lcp: 1200, cls: 0.1 } },
      { s: 1, u, w: 390, h: 844, vw: 390, vh: 700, l: 'de-DE', tz: 'Europe/Berlin', d: 15000, sc: 80 },
      { s: 1, u: ' https://shop.example/ ' },
      { s: 1, u: 'ftp://shop.example/' },
      { s: 1, u: 'http:shop.example' },
      { s: 1, u: 'not a url' },
      { s: 0, u },
      { s: 1.5, u },
      { s: '1', u },
      { s: 1, u, t: 'bogus' },
      { s: 1, u, w: -1 },
      { s: 1, u, rv: { amount: 1, currency: 'eur' } },
      { s: 1, u, rv: { amount: Infinity, currency: 'EUR' } },
      { s: 1, u, n: '' },
      { s: 1, u: `https://shop.example/${'x'.repeat(5000)}` },
      null,
      [],
      'text',
    ])
      same(input);
  });

  it('answers as the schema does for generated payloads', () => {
    const payload = fc.record(
      {
        s: fc.oneof(fc.integer(), fc.double(), fc.string()),
        t: fc.constantFrom('pageview', 'custom', 'web_vitals', 'nope'),
        u: fc.oneof(fc.webUrl(), fc.string()),
        r: fc.string(),
        w: fc.integer({ min: -10, max: 200_000 }),
        n: fc.string({ maxLength: 210 }),
        p: fc.dictionary(fc.string(), fc.jsonValue()),
        e: fc.dictionary(fc.string(), fc.oneof(fc.double(), fc.string())),
        rv: fc.record({ amount: fc.double(), currency: fc.string({ maxLength: 4 }) }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(payload, (p) => same(p)),
      { numRuns: 500 },
    );
    // Generating 500 payloads takes a few seconds on a busy 2-core machine.
  }, 30_000);
});
