import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/auth/passwords.js';
import { AppError } from '../../src/errors/app-error.js';

const argon2 = vi.hoisted(() => ({ calls: 0, running: 0, peak: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) =>
  (await import('../support/argon2-spy.js')).countArgon2(importOriginal, argon2),
);

// The figures of docs/operations.md (Security): 2 argon2 computations at once, 32 waiting.
const RUNNING = 2;
const WAITING = 32;

beforeEach(() => {
  argon2.calls = 0;
  argon2.peak = 0;
});

describe('the argon2 queue', () => {
  it('never runs more than 2 hashes and verifications at once, however many are asked for', async () => {
    const stored = await hashPassword('a stored password');
    argon2.peak = 0;

    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0 ? hashPassword(`password ${i}`) : verifyPassword(stored, 'a stored password'),
      ),
    );

    expect(results.filter((r) => typeof r === 'string')).toHaveLength(6);
    expect(results.filter((r) => r === true)).toHaveLength(6);
    expect(argon2.peak).toBe(RUNNING);
  });

  it('refuses work past 32 waiting with 429 rate_limited and Retry-After, without computing it', async () => {
    const asked = Array.from({ length: RUNNING + WAITING + 3 }, (_, i) =>
      hashPassword(`password ${i}`).then(
        () => 'hashed',
        (err: unknown) => err,
      ),
    );
    const answers = await Promise.all(asked);

    expect(answers.slice(0, RUNNING + WAITING)).toEqual(Array(RUNNING + WAITING).fill('hashed'));
    for (const refused of answers.slice(RUNNING + WAITING)) {
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: 'rate_limited', status: 429, headers: { 'retry-after': '1' } });
    }
    expect(argon2.calls).toBe(RUNNING + WAITING);
    expect(argon2.peak).toBe(RUNNING);
  });
});
