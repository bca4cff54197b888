import type { JetStreamManager } from '@nats-io/jetstream';
import { hitsStream } from '../../streams/hits.js';

/**
 * Creates the stream, or brings an existing one to the declared config, `replicas` included
 * (STREAM_REPLICAS): idempotent at every start.
 */
export async function ensureStreams(jsm: JetStreamManager, prefix: string, replicas = 1): Promise<void> {
  const cfg = { ...hitsStream(prefix), num_replicas: replicas };
  try {
    try {
      await jsm.streams.info(cfg.name);
    } catch {
      await jsm.streams.add(cfg);
      return;
    }
    const { name, storage: _storage, ...mutable } = cfg;
    await jsm.streams.update(name, mutable);
  } catch (err) {
    // A single server refuses replicas, with words that do not name the setting.
    if (replicas > 1)
      throw new Error(
        `STREAM_REPLICAS=${replicas}: NATS refused ${replicas} replicas: ${(err as Error).message}`,
      );
    throw err;
  }
}
