import type { FastifyPluginAsync } from 'fastify';
import { READ_SCOPE } from '../auth/guards.js';
import { catalogInUse } from '../catalog/in-use.js';
import { AppError } from '../errors/app-error.js';
import type { AppDeps } from '../http/deps.js';
import { parseInput } from '../input/parse-input.js';
import { RobotsSuggestQuery } from '../policy/robots-suggest-params.js';
import { withReadSlot } from '../read/budget/read-budget.js';
import { robotsSuggestion } from '../read/policy/robots-suggestion.js';
import { siteFor } from './routes.js';

/**
 * `GET /api/sites/:id/robots/suggest`: a robots.txt built from the catalog for the site's choices
 * (docs/api.md#get-apisitesidrobotssuggest). It shows what a site's agents did, so only its owner
 * and admins ask, by session or by an API key one of them made for the site; it reads like any
 * read, within the asker's read budget.
 */
export const robotsSuggestRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get<{ Params: { id: string } }>('/:id/robots/suggest', async (req, reply) =>
    withReadSlot(deps, req, reply, { allowSession: true }, async (p) => {
      if (p.kind === 'share') throw new AppError('unauthorized', 'sign in or send an API key');
      // A key answers for its one site only, as on every read: another id is 403, existing or not.
      if (p.kind === 'key' && (String(p.siteId) !== req.params.id || !p.scopes.includes(READ_SCOPE)))
        throw new AppError('forbidden', 'this key may not read this site');
      const site = await siteFor(deps.db, req.params, p.userId, 'admin');
      const params = parseInput(RobotsSuggestQuery, req.query);
      return { data: await robotsSuggestion(deps.readDb, site.id, params, catalogInUse().catalog) };
    }),
  );
};
