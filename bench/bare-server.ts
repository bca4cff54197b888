// The benchmarks' baseline: Fastify answering and nothing else. Prints its URL once listening.
import Fastify from 'fastify';
import { LISTEN_BACKLOG } from '../src/http/listen.js';

const app = Fastify({ bodyLimit: 2 * 1024 * 1024 });
app.post('/api/track', async (_req, reply) => reply.status(204).send());
// The edge baseline parses the same JSON body the real endpoint receives, then answers 202.
app.post('/api/log/edge', async (req, reply) =>
  reply.status(202).send({ rows: (req.body as { agent_events: unknown[] }).agent_events.length }),
);
process.stdout.write(`${await app.listen({ host: '127.0.0.1', port: 0, backlog: LISTEN_BACKLOG })}\n`);
