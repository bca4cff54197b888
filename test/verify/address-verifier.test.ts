import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { AddressVerifier, type SkipReason, utcDay } from '../../src/verify/address-verifier.js';
import type { CheckOutcome } from '../../src/verify/fcrdns.js';
import type { AddressVerified } from '../../streams/events.js';

const NOW = Date.UTC(2026, 10, 27, 12);
const HOUR = 3_600_000;

/** A verifier whose checks wait until the test answers them, recording what it asked and appended. */
function harness(limits = {}) {
  const asked: string[] = [];
  const answers: ((o: CheckOutcome) => void)[] = [];
  const published: AddressVerified[] = [];
  const skipped: SkipReason[] = [];
  let now = NOW;
  const verifier = new AddressVerifier({
    confirm: (address) => {
      asked.push(address);
      return new Promise((resolve) => answers.push(resolve));
    },
    publish: async (e) => {
      published.push(e);
    },
    onSkipped: (r) => skipped.push(r),
    log: createLogger('silent'),
    now: () => now,
    limits,
  });
  const offer = (digest: string, over: { site?: number; ts?: number; address?: string } = {}) =>
    verifier.offer({
      site: over.site ?? 1,
      ts: over.ts ?? NOW - HOUR,
      digest,
      address: over.address ?? `198.51.100.${digest.length}`,
      operator: 'google',
      domains: ['googlebot.com'],
    });
  const settle = () => new Promise((r) => setImmediate(r));
  return { verifier, asked, answers, published, skipped, offer, settle, setNow: (t: number) => (now = t) };
}

describe('AddressVerifier', () => {
  it('makes one check per digest and operator, and confirms every site and day that asked once', async () => {
    const h = harness();
    h.offer('aa');
    h.offer('aa');
    h.offer('aa', { site: 2 });
    h.offer('aa', { ts: NOW - 30 * HOUR });
    expect(h.asked).toHaveLength(1);
    h.answers[0]!({ result: 'confirmed', domain: 'googlebot.com' });
    await h.settle();
    expect(h.published.map((e) => [e.site, e.day, e.address, e.operator, e.domain])).toEqual([
      [1, '2026-11-27', 'aa', 'google', 'googlebot.com'],
      [2, '2026-11-27', 'aa', 'google', 'googlebot.com'],
      [1, '2026-11-26', 'aa', 'google', 'googlebot.com'],
    ]);
    expect(h.verifier.size).toBe(0);
    // Cached: no lookup, and the (site, day) already appended is not appended again.
    h.offer('aa');
    h.offer('aa', { site: 3 });
    expect(h.asked).toHaveLength(1);
    expect(h.published.map((e) => e.site)).toEqual([1, 2, 1, 3]);
    expect(h.skipped).toEqual(['cached', 'cached']);
  });

  it('caches a failure for an hour, then checks again', async () => {
    const h = harness();
    h.offer('bb');
    h.answers[0]!({ result: 'wrong_suffix' });
    await h.settle();
    h.offer('bb');
    expect(h.asked).toHaveLength(1);
    h.setNow(NOW + HOUR + 1);
    h.offer('bb', { ts: NOW });
    expect(h.asked).toHaveLength(2);
    expect(h.published).toEqual([]);
  });

  it('runs at most `concurrency` checks, queues at most `maxQueue`, and drops past it', async () => {
    const h = harness({ concurrency: 2, maxQueue: 3 });
    for (const d of ['d1', 'd2', 'd3', 'd4', 'd5', 'd6']) h.offer(d);
    expect(h.asked).toEqual(['198.51.100.2', '198.51.100.2']);
    expect(h.verifier.size).toBe(5);
    expect(h.skipped).toEqual(['queue_full']);
    h.answers[0]!({ result: 'no_ptr' });
    await h.settle();
    expect(h.asked).toHaveLength(3);
  });

  it('does not check fetches older than 48 hours or more than a day ahead', () => {
    const h = harness();
    h.offer('cc', { ts: NOW - 49 * HOUR });
    h.offer('cc', { ts: NOW + 25 * HOUR });
    expect(h.asked).toEqual([]);
    expect(h.skipped).toEqual(['out_of_window', 'out_of_window']);
  });

  it('forgets waiting checks on close and takes no more', async () => {
    const h = harness({ concurrency: 1 });
    h.offer('e1');
    h.offer('e2');
    const closed = h.verifier.close();
    h.answers[0]!({ result: 'confirmed', domain: 'googlebot.com' });
    await closed;
    h.offer('e3');
    expect(h.asked).toHaveLength(1);
    expect(h.verifier.size).toBe(0);
    expect(h.published).toEqual([]);
  });

  it('spells UTC days', () => {
    expect(utcDay(Date.UTC(2026, 10, 27, 23, 59, 59))).toBe('2026-11-27');
    expect(utcDay(Date.UTC(2026, 10, 28))).toBe('2026-11-28');
  });
});
