// The benchmark's baseline: Fastify answering 204 and nothing else. Prints its URL once listening.
import Fastify from 'fastify';

const app = Fastify();
app.post('/api/track', async (_req, reply) => reply.status(204).send());
process.stdout.write(`${await app.listen({ host: '127.0.0.1', port: 0 })}\n`);
