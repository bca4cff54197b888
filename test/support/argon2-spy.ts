/**
 * Counts the argon2 work src/auth/passwords.ts asks for, for `vi.mock('@node-rs/argon2', …)`:
 *
 *   const argon2 = vi.hoisted(() => ({ calls: 0, running: 0, peak: 0 }));
 *   vi.mock('@node-rs/argon2', async (importOriginal) =>
 *     (await import('../support/argon2-spy.js')).countArgon2(importOriginal, argon2));
 *
 * (imported inside the factory: vi.mock is hoisted above the file's imports)
 */
export interface Argon2Count {
  /** hash and verify calls started */
  calls: number;
  /** running now */
  running: number;
  /** the most ever running at once */
  peak: number;
}

type Argon2 = typeof import('@node-rs/argon2');

export async function countArgon2(importOriginal: () => Promise<unknown>, count: Argon2Count) {
  const real = (await importOriginal()) as Argon2;
  const counted =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      count.calls += 1;
      count.running += 1;
      count.peak = Math.max(count.peak, count.running);
      try {
        return await fn(...args);
      } finally {
        count.running -= 1;
      }
    };
  return { ...real, hash: counted(real.hash), verify: counted(real.verify) };
}
