import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

const Runtime = z.object({
  databaseUrl: z.string(),
  natsUrl: z.string(),
  /** The process that started the embedded servers; when it is gone, so are they. */
  pid: z.number().int(),
  startedAt: z.string(),
});
export type Runtime = z.infer<typeof Runtime>;

export function runtimePath(dataDir: string): string {
  return join(dataDir, 'runtime.json');
}

/**
 * Where the embedded servers of the last start listen, for other processes (the `twofold` CLI).
 * The file stays after a stop: the next start prefers the same ports. It holds the database
 * password, hence mode 600; it is replaced by a rename so a reader never sees half of it.
 */
export async function writeRuntime(dataDir: string, runtime: Runtime): Promise<void> {
  const path = runtimePath(dataDir);
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(runtime, null, 2)}\n`, { mode: 0o600 });
  await rename(tmp, path);
}

export async function readRuntime(dataDir: string): Promise<Runtime | null> {
  const path = runtimePath(dataDir);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${path} is not a twofold runtime file: not JSON`);
  }
  const parsed = Runtime.safeParse(json);
  if (!parsed.success) throw new Error(`${path} is not a twofold runtime file: ${parsed.error.message}`);
  return parsed.data;
}

/** The port of a URL recorded last time, or undefined when there is no usable record. */
export async function previousPort(
  dataDir: string,
  key: 'databaseUrl' | 'natsUrl',
): Promise<number | undefined> {
  try {
    const runtime = await readRuntime(dataDir);
    if (runtime === null) return undefined;
    const url = new URL(runtime[key].split(',')[0] ?? '');
    // Only a loopback URL can have been one of ours; an external server's port is none of our business.
    if (url.hostname !== '127.0.0.1' || url.port === '') return undefined;
    return Number(url.port);
  } catch {
    return undefined;
  }
}
