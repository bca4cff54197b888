// A server process for the ingest benchmark: `bare` is Fastify answering 204 and nothing else;
// `twofold` is the real API role. Prints its URL on stdout once listening.
import Fastify from 'fastify';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/log.js';
import { startTwofold } from '../src/server.js';

const kind = process.argv[2];
if (kind === 'bare') {
  const app = Fastify();
  app.post('/api/track', async (_req, reply) => reply.status(204).send());
  process.stdout.write(`${await app.listen({ host: '127.0.0.1', port: 0 })}\n`);
} else {
  const config = loadConfig({ ...process.env, PORT: '0', TWOFOLD_ROLE: 'api', LOG_LEVEL: 'warn' });
  const running = await startTwofold(config, createLogger('warn'));
  process.stdout.write(`${running.address}\n`);
  process.once('SIGTERM', () => running.stop().then(() => process.exit(0)));
}
