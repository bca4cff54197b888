import { type JetStreamClient, type JetStreamManager, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';

export interface Nats {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
}

export async function connectNats(urls: string, name = 'twofold'): Promise<Nats> {
  const nc = await connect({
    servers: urls.split(','),
    name,
    // Keep retrying through a server restart instead of failing the process.
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
  });
  const jsm = await jetstreamManager(nc);
  return { nc, js: jetstream(nc), jsm };
}
