import { domainToASCII } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { authenticate, READ_SCOPE, requireUser } from '../auth/guards.js';
import { randomToken } from '../auth/tokens.js';
import { type Db, sql } from '../db/sql.js';
import { pgText } from '../db/text.js';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../errors/app-error.js';
import { parseInput } from '../input/parse-input.js';
import { isPublicName } from './public-name.js';
import { POLICY_FILE_NAMES, POLICY_KINDS, POLICY_MAX_BYTES, storePolicyFile } from './policy-files.js';
import { requireSiteRole, type SiteRole, type SiteWithRole, siteRole } from './roles.js';
import { SITE_COLUMNS, type SiteRow, siteView, toSite } from './sites.js';

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_NAME = `(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*`;
const HOST = new RegExp(`^${HOST_NAME}$`);
/** A host name, or `*.example.com` for every subdomain of example.com. */
const HOST_PATTERN = new RegExp(`^(?:\\*\\.)?${HOST_NAME}$`);

/** Lower-cased, trailing dot dropped, international names in their ASCII (punycode) form. */
function canonicalHost(value: string): string {
  const v = value.trim().toLowerCase().replace(/\.$/, '');
  if (v.startsWith('*.')) return `*.${canonicalHost(v.slice(2))}`;
  return /^[\x21-\x7e]*$/.test(v) ? v : domainToASCII(v);
}

const Domain = z.string().transform(canonicalHost).pipe(
  z
    .string()
    .regex(HOST, 'a bare host name like example.com (no scheme, port or path)')
    // The policy fetcher reads the domain's robots.txt: an address or this machine would point it inward.
    .refine(isPublicName, 'a public DNS name, not an IP address or localhost'),
);

const HostnamePattern = z
  .string()
  .transform(canonicalHost)
  .pipe(z.string().regex(HOST_PATTERN, 'a host name like example.com, or *.example.com'));

const Hostnames = z
  .array(HostnamePattern)
  .min(1)
  .max(100)
  .transform((h) => [...new Set(h)]);

// Intl lists canonical zone names only and leaves out 'UTC' itself.
const TIMEZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
const Timezone = z.string().refine((tz) => TIMEZONES.has(tz), 'not an IANA time zone name');

/** Path patterns whose hits are dropped; `*` matches any characters, e.g. `/admin/*`. */
const ExcludedPaths = z
  .array(
    z
      .string()
      .regex(/^\/\S*$/, 'a path starting with /, `*` for any characters')
      .max(500)
      .pipe(pgText()),
  )
  .max(100)
  .transform((p) => [...new Set(p)]);

export const CreateSiteBody = z.object({
  domain: Domain,
  timezone: Timezone.default('UTC'),
  hostnames: Hostnames.optional(),
  excluded_paths: ExcludedPaths.default([]),
  respect_dnt: z.boolean().default(false),
});
export const UpdateSiteBody = z.object({
  timezone: Timezone.optional(),
  hostnames: Hostnames.optional(),
  excluded_paths: ExcludedPaths.optional(),
  respect_dnt: z.boolean().optional(),
});
const SiteParams = z.object({ id: z.coerce.number().int().positive() });

export const siteRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  // Scoped to this plugin: policy files arrive as text/plain, up to the same size as their routes allow.
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: POLICY_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.get('/', async (req) => {
    const p = await authenticate(db, req, { allowSession: true });
    if (p.kind === 'key') {
      // The key's one site, while the key may read it (its creator still on the site).
      const site = p.scopes.includes(READ_SCOPE) ? await siteRole(db, p.siteId, p.userId) : null;
      return { data: site?.role ? [{ ...siteView(site), role: site.role }] : [] };
    }
    const { rows } = await db.query<SiteRow & { role: SiteRole }>(sql`
      SELECT ${SITE_COLUMNS}, 'owner' AS role FROM sites s WHERE s.owner_id = ${p.userId}
      UNION ALL
      SELECT ${SITE_COLUMNS}, m.role FROM sites s JOIN site_members m ON m.site_id = s.id
      WHERE m.user_id = ${p.userId}
      ORDER BY id`);
    return { data: rows.map((r) => ({ ...siteView(toSite(r)), role: r.role })) };
  });

  app.post('/', async (req, reply) => {
    const { userId } = await requireUser(db, req);
    const body = parseInput(CreateSiteBody, req.body);
    const { rows } = await db.query<SiteRow>(sql`
      INSERT INTO sites (owner_id, domain, timezone, hostnames, ingest_key, excluded_paths, respect_dnt)
      VALUES (${userId}, ${body.domain}, ${body.timezone}, ${body.hostnames ?? [body.domain]}, ${randomToken('ingestKey')},
              ${body.excluded_paths}, ${body.respect_dnt})
      RETURNING ${SITE_COLUMNS}`);
    const site = toSite(rows[0]!);
    return reply.status(201).send({ data: { ...siteView(site), role: 'owner', ingest_key: site.ingestKey } });
  });

  // The ingest key on demand, for an admin's session only: it signs edge logs, and the service
  // keeps it as is for the HMAC (docs/api-decisions.md#accounts-sessions-and-keys); never for an API key,
  // never cached.
  app.get('/:id/ingest-key', async (req, reply) => {
    const site = await siteFor(db, req.params, (await requireUser(db, req)).userId, 'admin');
    return reply.header('cache-control', 'no-store').send({ data: { ingest_key: site.ingestKey } });
  });

  app.get('/:id', async (req) => {
    const site = await siteFor(db, req.params, (await requireUser(db, req)).userId, 'viewer');
    return { data: { ...siteView(site), role: site.role } };
  });

  app.patch('/:id', async (req) => {
    const site = await siteFor(db, req.params, (await requireUser(db, req)).userId, 'admin');
    const body = parseInput(UpdateSiteBody, req.body ?? {});
    const { rows } = await db.query<SiteRow>(sql`
      UPDATE sites SET timezone = COALESCE(${body.timezone ?? null}, timezone),
                       hostnames = COALESCE(${body.hostnames ?? null}::text[], hostnames),
                       excluded_paths = COALESCE(${body.excluded_paths ?? null}::text[], excluded_paths),
                       respect_dnt = COALESCE(${body.respect_dnt ?? null}::boolean, respect_dnt)
      WHERE id = ${site.id} RETURNING ${SITE_COLUMNS}`);
    return { data: { ...siteView(toSite(rows[0]!)), role: site.role } };
  });

  for (const kind of POLICY_KINDS) {
    const file = POLICY_FILE_NAMES[kind];
    app.put(`/:id/policy/${file}`, { bodyLimit: POLICY_MAX_BYTES }, async (req, reply) => {
      const site = await siteFor(db, req.params, (await requireUser(db, req)).userId, 'admin');
      const body = req.body ?? '';
      if (typeof body !== 'string') {
        throw new AppError('bad_request', `send ${file} as text/plain`, { status: 415 });
      }
      if (body.includes('\u0000')) throw new AppError('bad_request', `${file} must be text`);
      await storePolicyFile(db, site.id, kind, body, 'upload');
      return reply.status(204).send();
    });
  }
};

/**
 * The site by route parameter for a user holding at least `needed`: unknown (or malformed) id →
 * 404, someone else's or a role too low → 403.
 */
export async function siteFor(
  db: Db,
  params: unknown,
  userId: number,
  needed: SiteRole,
): Promise<SiteWithRole> {
  const p = SiteParams.safeParse(params);
  if (!p.success) throw new AppError('not_found', 'no such site');
  return requireSiteRole(db, p.data.id, userId, needed);
}
