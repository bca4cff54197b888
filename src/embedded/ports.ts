import { createServer } from 'node:net';

const LOOPBACK = '127.0.0.1';

function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port, host: LOOPBACK, exclusive: true }, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address !== null ? address.port : port;
      server.close(() => resolve(bound));
    });
  });
}

/** A loopback port nobody listens on right now, chosen by the OS. */
export function freePort(): Promise<number> {
  return listenOnce(0);
}

export async function isPortFree(port: number): Promise<boolean> {
  try {
    await listenOnce(port);
    return true;
  } catch {
    return false;
  }
}

/**
 * The port used last time when it is still free, so clients that remember the old URL
 * (a CLI, a reconnecting projector) keep working across restarts; otherwise a fresh one.
 */
export async function preferredPort(previous: number | undefined): Promise<number> {
  if (previous !== undefined && previous > 0 && (await isPortFree(previous))) return previous;
  return freePort();
}
