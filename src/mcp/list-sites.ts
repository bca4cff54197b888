import { authorizeSiteRead, type Principal } from '../auth/guards.js';
import type { Db } from '../db/sql.js';
import { AppError } from '../errors/app-error.js';
import { NO_ARGUMENTS } from './schema.js';
import { type McpTool, READ_ONLY } from './tool.js';

export interface SiteListing {
  id: number;
  domain: string;
  timezone: string;
}

/**
 * The sites the principal may read. An API key is scoped to one site; it is asked of the same
 * guard as every read, so a key that lacks the read scope lists none rather than a site it
 * could not read.
 */
async function readableSites(db: Db, principal: Principal): Promise<SiteListing[]> {
  if (principal.kind !== 'key') return [];
  try {
    const site = await authorizeSiteRead(db, principal, principal.siteId);
    return [{ id: site.id, domain: site.domain, timezone: site.timezone }];
  } catch (err) {
    if (err instanceof AppError && err.code === 'forbidden') return [];
    throw err;
  }
}

export const listSites: McpTool = {
  definition: {
    name: 'list_sites',
    description:
      "Lists the sites this API key can read, each with its numeric id, domain and IANA time zone. Call it first: every other tool needs `site` (the id), and windows are read in the site's time zone unless `tz` says otherwise. Takes no arguments.",
    inputSchema: NO_ARGUMENTS,
    annotations: READ_ONLY,
  },
  async call(pools, principal) {
    const startedAt = performance.now();
    const sites = await readableSites(pools.db, principal);
    const list = sites.map((s) => `${s.domain} (site ${s.id}, ${s.timezone})`).join('; ');
    return {
      envelope: {
        data: sites,
        meta: {
          query: {},
          rows: sites.length,
          sampled: false,
          took_ms: Math.round(performance.now() - startedAt),
        },
      },
      summary: `${sites.length} site${sites.length === 1 ? '' : 's'} readable with this key${list ? `: ${list}` : ''}`,
    };
  },
};
