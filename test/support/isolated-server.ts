import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { connectNats } from '../../src/nats/connect.js';
import { hitsStreamName } from '../../streams/hits.js';
import { createTestDatabase } from './database.js';
import { type ServerProcess, startServerProcess } from './server-process.js';
import { followStream, type StreamFollower } from './stream-follower.js';

export interface IsolatedServer {
  server: ServerProcess;
  /** Every event the server stores, counted by pathname. */
  follower: StreamFollower;
  /** Stops the process and removes its database, stream and data folder. */
  close(): Promise<void>;
}

/**
 * The service in a process of its own (as `npm start` runs it) on a database cloned for it, a
 * stream prefix and a data folder of its own, with a follower of its stream. `env` adds settings.
 */
export async function startIsolatedServer(
  name: string,
  env: Record<string, string>,
): Promise<IsolatedServer> {
  const prefix = `${name[0]}${randomBytes(4).toString('hex')}_`;
  const natsUrl = inject('natsUrl');
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), `twofold-${name}-`));
  const cleanUp = async () => {
    const nats = await connectNats(natsUrl, `twofold-${name}-cleanup`);
    await nats.jsm.streams.delete(hitsStreamName(prefix)).catch(() => {});
    await nats.nc.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  let server: ServerProcess;
  try {
    server = await startServerProcess({
      env: {
        DATABASE_URL: database.url,
        NATS_URL: natsUrl,
        STREAM_PREFIX: prefix,
        DATA_DIR: dataDir,
        ...env,
      },
    });
  } catch (err) {
    await cleanUp();
    throw err;
  }
  const follower = await followStream(natsUrl, prefix);
  return {
    server,
    follower,
    async close() {
      await follower.close();
      await server.stop();
      await cleanUp();
    },
  };
}
