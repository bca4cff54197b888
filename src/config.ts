import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { CATALOG_DATA_DIR } from './catalog/agents.js';
import { parseCidr } from './catalog/cidr.js';
import { signatureAgentOrigin } from './catalog/signature-agent-origin.js';
import type { StreamLayout } from '../streams/subjects.js';

export const ROLES = ['all', 'api', 'projector'] as const;
export type Role = (typeof ROLES)[number];

export const COOKIE_SECURE = ['auto', 'true', 'false'] as const;
export type CookieSecure = (typeof COOKIE_SECURE)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'a postgres:// or postgresql:// URL');

const natsUrls = z
  .string()
  .regex(/^(nats|tls):\/\/[^\s,]+(,(nats|tls):\/\/[^\s,]+)*$/, 'one or more nats:// URLs, comma separated');

/**
 * TRUST_PROXY accepts what Fastify's `trustProxy` does, as text: `true`/`false`, a hop count,
 * or a comma-separated list of proxy addresses or CIDRs. Only with it set is X-Forwarded-For read.
 */
const trustProxy = z.string().transform((v, ctx): boolean | number | string[] => {
  const t = v.trim();
  if (t === '' || t === 'false') return false;
  if (t === 'true') return true;
  if (/^\d+$/.test(t)) return Number(t);
  const list = t.split(',').map((s) => s.trim());
  const bad = list.find((s) => parseCidr(s) === undefined);
  if (bad !== undefined) {
    ctx.addIssue({ code: 'custom', message: `not an address or CIDR: "${bad}"` });
    return z.NEVER;
  }
  return list;
});

/**
 * AGENT_KEY_DIRECTORY_URLS: `<signature-agent origin>=<directory URL>`, comma separated; where the
 * Web Bot Auth keys of an origin are read instead of `<origin>/.well-known/…`. An `http://` URL
 * must name a loopback host and needs POLICY_FETCH_PRIVATE=true (checked in loadConfig).
 */
const keyDirectoryUrls = z.string().transform((v, ctx): KeyDirectoryOverride[] => {
  const out: KeyDirectoryOverride[] = [];
  for (const part of v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')) {
    const eq = part.indexOf('=');
    const origin = eq > 0 ? signatureAgentOrigin(part.slice(0, eq)) : undefined;
    let url: URL | undefined;
    try {
      url = new URL(part.slice(eq + 1));
    } catch {
      url = undefined;
    }
    if (origin === undefined || url === undefined || !/^https?:$/.test(url.protocol) || url.username) {
      ctx.addIssue({ code: 'custom', message: `not <https origin>=<directory URL>: "${part}"` });
      return z.NEVER;
    }
    out.push({ origin, url: url.href });
  }
  if (out.length > 64) {
    ctx.addIssue({ code: 'custom', message: 'at most 64 directories' });
    return z.NEVER;
  }
  return out;
});

export interface KeyDirectoryOverride {
  /** A Signature-Agent origin, as `URL.origin` writes it. */
  origin: string;
  url: string;
}

const LOOPBACK_HOSTS = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/** `address:port` or `[ipv6]:port`, comma separated, as `Resolver.setServers` takes them. */
const dnsServers = z.string().transform((v, ctx): string[] => {
  const list = v.split(',').map((s) => s.trim());
  const bad = list.find((s) => !isResolverAddress(s));
  if (bad !== undefined) {
    ctx.addIssue({ code: 'custom', message: `not address:port: "${bad}"` });
    return z.NEVER;
  }
  return list;
});

function isResolverAddress(s: string): boolean {
  const m = /^(?:\[([0-9A-Fa-f:.]+)\]|(\d{1,3}(?:\.\d{1,3}){3})):(\d{1,5})$/.exec(s);
  if (!m) return false;
  const port = Number(m[3]);
  return isIP(m[1] ?? m[2]!) !== 0 && port >= 1 && port <= 65535;
}

/** Each variable's description is what the one-line start-up error says it accepts. */
export const ConfigSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1').describe('a host name or address to listen on'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080).describe('an integer port 0-65535'),
  DATABASE_URL: postgresUrl.optional().describe('a postgres:// or postgresql:// URL'),
  /**
   * A streaming replica of DATABASE_URL for the read pool (stats, agents, exports, tool reads);
   * unset → reads use DATABASE_URL. Projectors, ingest and management always write to DATABASE_URL.
   */
  READ_DATABASE_URL: postgresUrl.optional().describe('a postgres:// or postgresql:// URL'),
  NATS_URL: natsUrls.optional().describe('one or more nats:// URLs, comma separated'),
  /**
   * Copies of the stream JetStream keeps (3 on a cluster of three servers: an acknowledged hit is
   * on a quorum). Every start creates the stream with it or brings an existing stream to it.
   */
  STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1).describe('an integer 1-5'),
  DATA_DIR: z.string().min(1).default('./.data').describe('a directory path'),
  TWOFOLD_ROLE: z
    .enum(ROLES)
    .default('all')
    .describe(`one of ${ROLES.join(', ')}`),
  /** Edge log requests per minute per site per address (docs/api.md#limits), in fixed windows. */
  EDGE_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .default(600)
    .describe('a positive integer (requests per minute)'),
  /**
   * Resolvers the reverse-DNS verifier asks (src/verify/), as `address:port` (IPv6 as
   * `[address]:port`), comma separated; unset → the system's resolvers.
   */
  DNS_SERVERS: dnsServers.optional().describe('one or more resolvers as address:port, comma separated'),
  /** HTTP processes sharing the port (Node cluster); one per core uses a machine's cores for ingest. */
  API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1).describe('an integer 1-64'),
  /**
   * Whether each HTTP process runs the hit pipeline on an ingest thread of its own (the default)
   * or on its HTTP thread; docs/operations.md says when each pays.
   */
  INGEST_THREAD: z.stringbool().default(true).describe('true or false'),
  TRUST_PROXY: trustProxy
    .default(false)
    .describe('true, false, a hop count, or comma-separated proxy addresses/CIDRs'),
  /**
   * When the session cookie is `Secure`: `auto` when the request is https (X-Forwarded-Proto from a
   * TRUST_PROXY peer counts), `true` always (behind a TLS proxy that is not trusted), `false` never.
   */
  COOKIE_SECURE: z
    .enum(COOKIE_SECURE)
    .default('auto')
    .describe(`one of ${COOKIE_SECURE.join(', ')}`),
  LOG_LEVEL: z
    .enum(LOG_LEVELS)
    .default('info')
    .describe(`one of ${LOG_LEVELS.join(', ')}`),
  /** Operator-supplied MaxMind-format City databases (GeoIP2/GeoLite2), comma-separated; unset → no city/region. */
  GEOIP_CITY_DB: z.string().optional().describe('comma-separated paths of MaxMind City .mmdb files'),
  /**
   * The known-agent catalog: agents.json, operators.json and ranges/*.json; default the one shipped
   * in src/catalog/data. `twofold catalog refresh` rewrites its ranges; a rebuild re-classifies.
   */
  CATALOG_DIR: z
    .string()
    .min(1)
    .optional()
    .describe('a directory holding agents.json, operators.json and ranges/'),
  /** How often robots.txt and llms.txt are fetched from each site's origin; 0 turns fetching off. */
  POLICY_FETCH_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 7)
    .default(6)
    .describe('hours between policy-file fetches, 0-168 (0 = off)'),
  /**
   * Whether the policy fetcher may also connect to loopback, private (RFC 1918), link-local, CGNAT
   * and unique-local addresses, for an operator who tracks intranet sites; metadata, multicast and
   * reserved addresses stay refused (docs/operations.md#security).
   */
  POLICY_FETCH_PRIVATE: z.stringbool().default(false).describe('true or false'),
  /**
   * Web Bot Auth key directories (docs/operations.md#web-bot-auth) for origins the shipped list
   * does not know (private agents) or at another address (tests); read with the policy fetcher's guard.
   */
  AGENT_KEY_DIRECTORY_URLS: keyDirectoryUrls
    .default([])
    .describe('comma-separated <https origin>=<directory URL> pairs (http:// only for loopback)'),
  /**
   * Months of raw rows (a row per hit: `events`, `sessions`, …) kept; older ones are deleted every
   * hour while the rollups stay (docs/operations.md#raw-retention). Unset keeps them forever.
   */
  RAW_RETENTION_MONTHS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1200)
    .optional()
    .describe('a whole number of months, 1-1200 (unset = keep raw rows forever)'),
  /**
   * Hours between runs of the index compaction (docs/operations.md#index-compaction): large indexes
   * that grew well past their density when last rebuilt are rebuilt concurrently; 0 turns it off.
   */
  INDEX_COMPACTION_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24)
    .describe('hours between index compactions, 0-720 (0 = off)'),
  /**
   * Minutes between runs of the pair count (docs/operations.md#pair-rollups): closed UTC days'
   * breakdowns under one filter value, for the dashboard's click-to-filter; 0 turns it off.
   */
  PAIR_COUNT_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(10)
    .describe('minutes between pair counts, 0-1440 (0 = off)'),
  /** Citation gap (docs/api.md): a URL whose fetches per answer-engine arrival reach this is a `gap`. */
  CITATION_GAP_RATIO: z.coerce
    .number()
    .positive()
    .max(1_000_000)
    .default(10)
    .describe('a number above 0 (agent fetches per answer-engine arrival), at most 1000000'),
  /** Content decay (docs/api.md): a page is listed when its pageviews fell by more than this percent. */
  DECAY_DROP_PERCENT: z.coerce.number().min(0).lt(100).default(50).describe('a percent from 0 to below 100'),
  /** Content decay: pages with fewer pageviews than this in the previous window are not judged. */
  DECAY_MIN_PAGEVIEWS: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe('a positive integer (pageviews in the previous window)'),
  /** A read's statement that runs longer is cancelled by Postgres and answered 503 database_error. */
  READ_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3_600_000)
    .default(15_000)
    .describe('milliseconds a read statement may run, 1-3600000'),
  /** Reads in flight at once per API key or signed-in account (per HTTP process); more → 429. */
  READ_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000)
    .default(8)
    .describe('reads in flight per API key or account, 1-1000'),
  /** Connections of each HTTP process's read pool, apart from the pool that management and ingest use. */
  READ_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000)
    .default(10)
    .describe('connections of the read pool, 1-1000'),
  /**
   * Partitions of the stream: a site's hits go to partition `site id mod count`, and projector
   * processes share the partitions. Fixed at first start (a later different value is refused).
   */
  PROJECTION_PARTITIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1024)
    .default(16)
    .describe('an integer 1-1024, fixed at first start'),
  /**
   * The SMTP server that sends mail (password resets, invitations, reports and alerts):
   * `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. Unset: no mail is sent;
   * `twofold users reset-password` and invitations show their links instead.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'an smtp:// or smtps:// URL')
    .optional()
    .describe('an smtp:// or smtps:// URL, with credentials if the server needs them'),
  /** The sender of every mail, an address or `Name <address>`. */
  MAIL_FROM: z
    .string()
    .min(3)
    .max(320)
    .regex(/^[^\r\n]*@[^\r\n]*$/, 'an address or Name <address>')
    .default('twofold <twofold@localhost>')
    .describe('a mail address, or Name <address>'),
  /** The dashboard's address as people reach it (links in mail); default http://HOST:PORT. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe('an http:// or https:// URL'),
  /**
   * Minutes between the projector role's checks for due reports and alerts (claimed once across
   * machines, docs/operations.md#mailed-reports-and-alerts); 0 turns them off. Mail needs SMTP_URL.
   */
  REPORTS_CHECK_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .default(5)
    .describe('minutes between checks for due reports and alerts, 0-60 (0 = off)'),
  /** Prefix for stream and durable names, so several installations can share one NATS cluster. */
  STREAM_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_]*$/, 'letters, digits and underscores')
    .default('')
    .describe('letters, digits and underscores'),
});

export type Config = z.infer<typeof ConfigSchema> & { dataDir: string; catalogDir: string };

export class ConfigError extends Error {}

/** The dashboard's address for links in mail, without a trailing slash. */
export function publicUrl(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/+$/, '');
}

/** How this installation names its subjects. */
export function streamLayout(config: Pick<Config, 'STREAM_PREFIX' | 'PROJECTION_PARTITIONS'>): StreamLayout {
  return { prefix: config.STREAM_PREFIX, partitions: config.PROJECTION_PARTITIONS };
}

/** Parses the environment; the one place that reads `process.env`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(ConfigSchema.shape)
      .map((k) => [k, env[k]] as const)
      .filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = ConfigSchema.safeParse(picked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    const field = ConfigSchema.shape[name as keyof typeof ConfigSchema.shape];
    const accepts = field?.description ?? issue.message;
    throw new ConfigError(`${name}=${JSON.stringify(env[name])} is invalid: expected ${accepts}`);
  }
  for (const { url } of parsed.data.AGENT_KEY_DIRECTORY_URLS) {
    const u = new URL(url);
    if (u.protocol === 'http:' && !(LOOPBACK_HOSTS.test(u.hostname) && parsed.data.POLICY_FETCH_PRIVATE))
      throw new ConfigError(
        `AGENT_KEY_DIRECTORY_URLS=${JSON.stringify(env.AGENT_KEY_DIRECTORY_URLS)} is invalid: ` +
          'an http:// directory must be on a loopback host, with POLICY_FETCH_PRIVATE=true',
      );
  }
  return {
    ...parsed.data,
    dataDir: resolve(parsed.data.DATA_DIR),
    catalogDir: parsed.data.CATALOG_DIR ? resolve(parsed.data.CATALOG_DIR) : CATALOG_DATA_DIR,
  };
}
