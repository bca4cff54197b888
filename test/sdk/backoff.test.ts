import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter, retryAfterDelay } from '../../src/sdk/backoff.js';

const o = { baseBackoffMs: 500, maxBackoffMs: 60_000 };
const almostOne = () => 1 - Number.EPSILON;

describe('backoff', () => {
  it('draws each wait uniformly below base·2^attempt ("full jitter"): 0 up to 499, 999, 1999, 3999 ms', () => {
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, o, () => 0))).toEqual([0, 0, 0, 0]);
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, o, almostOne))).toEqual([499, 999, 1999, 3999]);
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, o, () => 0.5))).toEqual([250, 500, 1000, 2000]);
  });

  it('never waits longer than maxBackoffMs, however many attempts', () => {
    expect(backoffDelay(7, o, almostOne)).toBe(59_999); // 500·2^7 = 64,000 > 60,000
    expect(backoffDelay(60, o, almostOne)).toBe(59_999);
    expect(backoffDelay(3, { baseBackoffMs: 500, maxBackoffMs: 1000 }, almostOne)).toBe(999);
  });

  it('after Retry-After, waits that long plus at most one base of jitter, capped', () => {
    expect(retryAfterDelay(1000, o, () => 0)).toBe(1000);
    expect(retryAfterDelay(1000, o, almostOne)).toBe(1499);
    expect(retryAfterDelay(60_000, o, almostOne)).toBe(60_000);
    expect(retryAfterDelay(60_000, { baseBackoffMs: 500, maxBackoffMs: 50 }, () => 0)).toBe(50);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('60')).toBe(60_000);
    expect(parseRetryAfter(' 1 ')).toBe(1000);
    const now = Date.parse('2025-06-01T12:00:00Z');
    expect(parseRetryAfter('Sun, 01 Jun 2025 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 01 Jun 2025 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-5')).toBeUndefined();
  });
});
