import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

const NOT_FOUND =
  'nats-server not found: install it with "apt-get install -y nats-server" (Debian/Ubuntu) or set NATS_URL';

/** PATH plus the sbin folders, because Debian installs nats-server to /usr/sbin, off a user's PATH. */
export function defaultSearchPath(): string {
  return [process.env.PATH ?? '', '/usr/sbin', '/usr/local/sbin'].join(delimiter);
}

/** The nats-server executable in the first folder of `searchPath` (PATH syntax) that has one. */
export async function findNatsServer(searchPath = defaultSearchPath()): Promise<string> {
  for (const dir of searchPath.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, 'nats-server');
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  throw new Error(NOT_FOUND);
}
