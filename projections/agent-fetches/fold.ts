import type { Catalog } from '../../src/catalog/agents.js';
import { CopyRows, copyText } from '../../src/db/copy.js';
import type { Sequenced } from '../projection.js';
import { type AgentFoldState, classifiedFetches } from '../agents/classify-fetch.js';

const COLUMNS = [
  'id',
  'seq',
  'site_id',
  'ts',
  'agent_id',
  'operator',
  'purpose',
  'verified',
  'robots_allowed',
  'llms_listed',
  'user_agent',
  'method',
  'hostname',
  'pathname',
  'status',
  'bytes',
  'duration_ms',
  'content_type',
  'conditional',
  'address_digest',
  'country',
  'asn',
];

const bool = (b: boolean | null) => (b === null ? null : String(b));

/**
 * One row per fetch, with the classification decided now; the raw path of every agent read.
 * Copied: parsing an array per column for `INSERT … SELECT FROM unnest(…)` costs Postgres about
 * as much as the insert itself.
 */
export function foldAgentFetches(
  catalog: Catalog,
  events: readonly Sequenced[],
  state: AgentFoldState,
): CopyRows[] {
  const rows = classifiedFetches(catalog, events, state);
  if (rows.length === 0) return [];
  return [
    new CopyRows(
      'agent_fetches',
      COLUMNS,
      copyText(rows, ({ fetch, cls, seq }) => [
        fetch.id,
        seq,
        fetch.site,
        new Date(fetch.ts).toISOString(),
        cls.agent_id,
        cls.operator,
        cls.purpose,
        bool(cls.verified),
        bool(cls.robots_allowed),
        bool(cls.llms_listed),
        fetch.user_agent,
        fetch.method,
        fetch.hostname,
        fetch.pathname,
        fetch.status,
        fetch.bytes,
        fetch.duration_ms,
        fetch.content_type,
        bool(fetch.conditional === 1),
        fetch.address,
        fetch.country ?? null,
        fetch.asn ?? null,
      ]),
    ),
  ];
}
