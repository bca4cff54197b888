import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const CHILD = new URL('./fixtures/uncaught-process.ts', import.meta.url).pathname;

describe('the last-resort handler', () => {
  it('logs and counts an uncaught exception and an unhandled rejection, and the process serves on', async () => {
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = execFile(process.execPath, ['--import', 'tsx', CHILD], { timeout: 20_000 }, (err, out) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout: out }),
      );
      child.stdin?.end();
    });
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(code).toBe(0);
    expect(lines).toMatchObject([
      {
        level: 50,
        msg: 'uncaught error; serving on',
        kind: 'unhandledRejection',
        err: { message: 'rejected where nothing awaits' },
      },
      {
        level: 50,
        msg: 'uncaught error; serving on',
        kind: 'uncaughtException',
        err: { message: 'thrown where nothing catches' },
      },
      { alive: true, uncaught: 2 },
    ]);
  });
});
