import { describe, expect, it } from 'vitest';
import { decodeBatch, type HitRecorded } from '../../streams/events.js';
import { MAX_MESSAGE_BYTES } from '../../streams/hits.js';
import { encodeMessage, MAX_INFLATED_BYTES, messageText } from '../../streams/message-codec.js';
import { fetched, T0 } from '../support/events.js';

/** A pageview as ingest enriches one from a desktop browser. */
const pageview: HitRecorded = {
  type: 'HitRecorded',
  id: '0f6d2c1e-7b1a-4a53-9c1d-3e2f4a5b6c7d',
  site: 12,
  ts: T0,
  kind: 'pageview',
  source: 'tracker',
  hostname: 'shop.example',
  pathname: '/products/blue-shoes',
  referrer: 'https://www.google.com/',
  visitor: '9b2f0c4d6e8a1b3c5d7e9f0a2b4c6d8e',
  browser: 'Chrome',
  browser_version: '131',
  os: 'Windows',
  os_version: '10',
  device: 'desktop',
  screen: 'desktop',
  country: 'DE',
};
const vitals: HitRecorded = {
  ...pageview,
  id: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d',
  kind: 'web_vitals',
  vitals: { lcp: 1840, cls: 0.05 },
};
const body = (events: object[]) => JSON.stringify({ v: 1, events });
const bytes = (s: string) => new TextEncoder().encode(s);

describe('stream message codec', () => {
  it('reads back exactly the body it deflated', () => {
    const text = body([pageview, vitals, fetched({ site: 12, ts: T0 + 1 })]);
    expect(messageText(encodeMessage(text))).toBe(text);
  });

  it('decodes the same events from a deflated message and from one in the JSON every earlier version wrote', () => {
    const text = body([pageview, vitals]);
    expect(decodeBatch(encodeMessage(text))).toEqual([pageview, vitals]);
    expect(decodeBatch(bytes(text))).toEqual([pageview, vitals]);
    expect(decodeBatch(text)).toEqual([pageview, vitals]);
  });

  it('stores a lone pageview in under 150 bytes, a third of its JSON (the dictionary holds the keys)', () => {
    const text = body([pageview]);
    const stored = encodeMessage(text).length;
    expect(text.length).toBe(422);
    expect(stored).toBeLessThan(150);
  });

  it('carries a hit key in the same format, and reads messages written before keys without one', () => {
    const keyed: HitRecorded = { ...pageview, key: 'Zk3q_9xW-2mYpL0aB7cD1e' };
    const text = body([keyed]);
    const stored = encodeMessage(text);
    expect(stored[0]).toBe(0x01);
    expect(decodeBatch(stored)).toEqual([keyed]);
    // The key's 22 random characters do not compress: about 30 bytes more than the lone pageview.
    expect(stored.length - encodeMessage(body([pageview])).length).toBeLessThan(35);
    const [old] = decodeBatch(encodeMessage(body([pageview])))!;
    expect(old).toEqual(pageview);
    expect('key' in old!).toBe(false);
  });

  it('reads nothing from bytes of no known format or a damaged deflate', () => {
    const good = encodeMessage(body([pageview]));
    expect(decodeBatch(new Uint8Array([0x02, ...good.subarray(1)]))).toBeNull();
    expect(decodeBatch(good.subarray(0, 20))).toBeNull();
    expect(decodeBatch(new Uint8Array())).toBeNull();
    expect(decodeBatch(bytes('{"v":1,"events":'))).toBeNull();
  });

  it('reads nothing from a message that would inflate past 16 MB, four times the largest ingest writes', () => {
    const padded = (n: number) => body([{ ...pageview, pathname: `/${'a'.repeat(n)}` }]);
    const largest = padded(MAX_INFLATED_BYTES - padded(0).length);
    expect(largest.length).toBe(16 * 1024 * 1024);
    expect(messageText(encodeMessage(largest))).toBe(largest);
    const bomb = encodeMessage(padded(64 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(MAX_MESSAGE_BYTES);
    expect(messageText(bomb)).toBeNull();
  });
});
