import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertReachableBy, letOthersEnter } from '../../src/embedded/os-user-access.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'twofold-access-'));
  dirs.push(dir);
  return dir;
}

const mode = async (dir: string) => (await stat(dir)).mode & 0o777;

describe('letOthersEnter', () => {
  it('adds o+x (enter, not list) to a mode-700 folder of ours, once', async () => {
    const dir = await scratch();
    expect(await mode(dir)).toBe(0o700);
    expect(await letOthersEnter(dir)).toBe(true);
    expect(await mode(dir)).toBe(0o701);
    expect(await letOthersEnter(dir)).toBe(false);
    expect(await mode(dir)).toBe(0o701);
  });

  it('makes a scratch folder reachable by another OS user, which it was not', async () => {
    const dir = await scratch();
    await expect(assertReachableBy('nobody', [dir])).rejects.toThrow(
      `"nobody" OS user, which cannot enter ${dir} (mode 700); run "chmod o+x ${dir}"`,
    );
    await letOthersEnter(dir);
    await expect(assertReachableBy('nobody', [dir])).resolves.toBeUndefined();
  });
});
