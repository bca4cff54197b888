import type { ConsumerMessages } from '@nats-io/jetstream';
import { connectNats, type Nats } from '../../src/nats/connect.js';
import { decodeBatch } from '../../streams/events.js';
import { hitsStreamName } from '../../streams/hits.js';

/**
 * Every event a stream receives, counted by pathname as it arrives (an ordered consumer from the
 * stream's first message): for tests that drive a server in another process and must see what it
 * stored without reading the stream message by message.
 */
export interface StreamFollower {
  /** How many stored events have this pathname. */
  count(pathname: string): number;
  /** The pathnames seen so far that start with `prefix`. */
  pathnames(prefix: string): string[];
  /** Resolves once `done()` holds, rejects after `timeoutMs`. */
  until(done: () => boolean, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export async function followStream(natsUrl: string, prefix: string): Promise<StreamFollower> {
  const nats: Nats = await connectNats(natsUrl, `twofold-test-follower-${prefix}`);
  const seen = new Map<string, number>();
  const consumer = await nats.js.consumers.get(hitsStreamName(prefix));
  const messages: ConsumerMessages = await consumer.consume();
  const reading = (async () => {
    for await (const m of messages) {
      for (const e of decodeBatch(m.data) ?? []) {
        const { pathname } = e as { pathname?: unknown };
        if (typeof pathname === 'string') seen.set(pathname, (seen.get(pathname) ?? 0) + 1);
      }
    }
  })();
  return {
    count: (pathname) => seen.get(pathname) ?? 0,
    pathnames: (p) => [...seen.keys()].filter((k) => k.startsWith(p)),
    async until(done, timeoutMs) {
      const end = Date.now() + timeoutMs;
      while (!done()) {
        if (Date.now() > end) throw new Error(`the stream did not catch up within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      messages.stop();
      await reading.catch(() => {});
      await nats.nc.close();
    },
  };
}
