import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../auth/guards.js';
import type { Db } from '../db/sql.js';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../errors/app-error.js';
import { parseInput } from '../input/parse-input.js';
import { type FilterTree, HUMAN_DIMENSIONS, parseFilters } from '../read/envelope/filters.js';
import { requireSiteRole, type SiteRole } from '../sites/roles.js';
import {
  createSegment,
  deleteSegment,
  getSegment,
  listSegments,
  type Segment,
  updateSegment,
} from './segments.js';

const SiteId = z.number({ error: 'expected a site id' }).int().positive();

const Name = z
  .string()
  .trim()
  .min(1)
  .max(100)
  // A NUL cannot travel in a PostgreSQL text parameter: it would fail as a database error.
  .refine((s) => !s.includes('\0'), 'must not contain a NUL character');

/**
 * A filter tree as the read envelope's parser takes it (human dimensions), stored as parsed. The
 * body is JSON already, so the tree comes as an array or a group, not as JSON text. The parser's
 * message (which names the place in the tree) becomes the issue's, under the field `filters`.
 */
const Filters = z.unknown().transform((input, ctx): FilterTree => {
  if (input === undefined) {
    ctx.issues.push({ code: 'custom', message: 'required', input });
    return z.NEVER;
  }
  if (typeof input !== 'object' || input === null) {
    ctx.issues.push({ code: 'custom', message: 'expected a JSON array of filters or a group', input });
    return z.NEVER;
  }
  try {
    return parseFilters(input, HUMAN_DIMENSIONS);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    ctx.issues.push({ code: 'custom', message: err.message, input });
    return z.NEVER;
  }
});

export const CreateSegmentBody = z.object({ site: SiteId, name: Name, filters: Filters });
export type CreateSegmentBody = z.infer<typeof CreateSegmentBody>;

export const UpdateSegmentBody = z
  .object({ name: Name.optional(), filters: Filters.optional() })
  .refine((b) => b.name !== undefined || b.filters !== undefined, 'send name, filters or both');
export type UpdateSegmentBody = z.infer<typeof UpdateSegmentBody>;

const ListQuery = z.object({ site: z.coerce.number({ error: 'expected a site id' }).pipe(SiteId) });
const SegmentParams = z.object({ id: z.coerce.number().int().positive() });

/** The API shape of a segment. */
function segmentView(s: Segment) {
  return { id: s.id, site: s.site, name: s.name, filters: s.filters, created_at: s.created_at };
}

/**
 * Saved segments (interface §2.2 `segment`), read by anyone on their site and managed by its
 * admins (and owner) with a signed-in session; API keys only read, so they are refused here with `401`.
 */
export const segmentRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.post('/', async (req, reply) => {
    const { userId } = await requireUser(db, req);
    const body = parseInput(CreateSegmentBody, req.body);
    const site = await requireSiteRole(db, body.site, userId, 'admin', 'site');
    const segment = await createSegment(db, { siteId: site.id, name: body.name, filters: body.filters });
    return reply.status(201).send({ data: segmentView(segment) });
  });

  app.get('/', async (req) => {
    const { userId } = await requireUser(db, req);
    const query = parseInput(ListQuery, req.query);
    const site = await requireSiteRole(db, query.site, userId, 'viewer', 'site');
    return { data: (await listSegments(db, site.id)).map(segmentView) };
  });

  app.get('/:id', async (req) => {
    const segment = await siteSegment(db, req.params, (await requireUser(db, req)).userId, 'viewer');
    return { data: segmentView(segment) };
  });

  app.patch('/:id', async (req) => {
    const segment = await siteSegment(db, req.params, (await requireUser(db, req)).userId, 'admin');
    const body = parseInput(UpdateSegmentBody, req.body ?? {});
    const updated = await updateSegment(db, segment.id, body);
    if (updated === null) throw new AppError('not_found', 'no such segment');
    return { data: segmentView(updated) };
  });

  app.delete('/:id', async (req, reply) => {
    const segment = await siteSegment(db, req.params, (await requireUser(db, req)).userId, 'admin');
    if (!(await deleteSegment(db, segment.id))) throw new AppError('not_found', 'no such segment');
    return reply.status(204).send();
  });
};

/**
 * The segment by route parameter for a user holding at least `needed` on its site: unknown (or
 * malformed) id → 404, on someone else's site or with a role too low → 403.
 */
async function siteSegment(db: Db, params: unknown, userId: number, needed: SiteRole): Promise<Segment> {
  const p = SegmentParams.safeParse(params);
  const segment = p.success ? await getSegment(db, p.data.id) : null;
  if (segment === null) throw new AppError('not_found', 'no such segment');
  await requireSiteRole(db, segment.site, userId, needed);
  return segment;
}
