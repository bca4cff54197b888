import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { assertJsonDepth } from '../input/json-depth.js';
import { keepBodiesRaw } from '../http/raw-bodies.js';
import { withReadSlot } from '../read/budget/read-budget.js';
import type { ReadDeps } from '../read/read-deps.js';
import { mcpMethods } from './methods.js';
import { answerBody } from './protocol.js';
import type { McpTool } from './tool.js';

const isJson = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';

/**
 * `POST /api/mcp`: JSON-RPC 2.0 over one HTTP POST (docs/api.md#post-apimcp-the-tool-endpoint), answered in
 * `application/json` whatever else `Accept` allows. An API key is the one credential (a session
 * cookie is not), and its failure is the one plain HTTP error besides the body's media type;
 * everything after that is a JSON-RPC answer.
 */
export const mcpRoutes: FastifyPluginAsync<{ deps: ReadDeps; tools: readonly McpTool[] }> = async (
  app,
  { deps, tools },
) => {
  const dispatchFor = mcpMethods(deps, tools);

  // The body stays text until the credential is checked, so a 401 comes before any parse error.
  keepBodiesRaw(app, 'string');

  // The POST holds one of the key's read slots while its calls run, one after another.
  app.post('/', (req, reply) =>
    withReadSlot(deps, req, reply, {}, async (principal) => {
      if (!isJson(req.headers['content-type']))
        throw new AppError('bad_request', 'send JSON-RPC as Content-Type: application/json', { status: 415 });
      // Like a body over its size, a body nested past the bound is refused by HTTP, not JSON-RPC.
      const text = String(req.body ?? '');
      assertJsonDepth(text);
      const outcome = await answerBody(text, dispatchFor(principal), (err, method) =>
        req.log.error({ err, method }, 'tool endpoint call failed'),
      );
      if (outcome.status === 202) return reply.status(202).send();
      return reply.status(200).type('application/json').send(outcome.body);
    }),
  );

  // No server-sent stream is offered, and there is no session to end.
  app.route({
    method: ['GET', 'DELETE'],
    url: '/',
    handler: async () => {
      throw new AppError(
        'bad_request',
        'the tool endpoint takes POST only; no server-sent stream is offered',
        {
          status: 405,
          headers: { allow: 'POST' },
        },
      );
    },
  });
};
