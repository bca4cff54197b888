import { type Db, type Sql, sql } from '../../src/db/sql.js';
import type { HitRecorded } from '../../streams/events.js';

export interface Identity {
  site: number;
  identity: string;
  traits: Record<string, unknown>;
  traitTimes: Record<string, number>;
  firstSeen: number;
  lastSeen: number;
}

const key = (site: number, identity: string) => `${site}\u0000${identity}`;

export async function loadIdentities(db: Db, hits: readonly HitRecorded[]): Promise<Map<string, Identity>> {
  const wanted = hits.filter((h) => h.identity !== undefined);
  if (wanted.length === 0) return new Map();
  const { rows } = await db.query<{
    site_id: number;
    identity: string;
    traits: Record<string, unknown>;
    trait_times: Record<string, number>;
    first_seen_at: Date;
    last_seen_at: Date;
  }>(sql`
    SELECT i.* FROM identities i
    JOIN unnest(${wanted.map((h) => h.site)}::bigint[], ${wanted.map((h) => h.identity!)}::text[]) AS w(site, identity)
      ON i.site_id = w.site AND i.identity = w.identity`);
  return new Map(
    rows.map((r) => [
      key(r.site_id, r.identity),
      {
        site: r.site_id,
        identity: r.identity,
        traits: r.traits,
        traitTimes: r.trait_times,
        firstSeen: r.first_seen_at.getTime(),
        lastSeen: r.last_seen_at.getTime(),
      },
    ]),
  );
}

/**
 * Folds identified hits into their identities. Traits come from `identify` hits; each trait keeps
 * the value of the latest hit that set it, so a backfilled older hit cannot overwrite a newer value.
 */
export function foldIdentities(hits: readonly HitRecorded[], prior: Map<string, Identity>): Sql | null {
  const touched = new Map<string, Identity>();
  for (const h of hits) {
    if (h.identity === undefined) continue;
    const k = key(h.site, h.identity);
    const base = touched.get(k) ?? prior.get(k);
    const id: Identity = base
      ? { ...base, traits: { ...base.traits }, traitTimes: { ...base.traitTimes } }
      : { site: h.site, identity: h.identity, traits: {}, traitTimes: {}, firstSeen: h.ts, lastSeen: h.ts };
    id.firstSeen = Math.min(id.firstSeen, h.ts);
    id.lastSeen = Math.max(id.lastSeen, h.ts);
    if (h.kind === 'custom' && h.name === 'identify' && h.props) {
      for (const [trait, value] of Object.entries(h.props)) {
        if ((id.traitTimes[trait] ?? Number.NEGATIVE_INFINITY) > h.ts) continue;
        id.traits[trait] = value;
        id.traitTimes[trait] = h.ts;
      }
    }
    touched.set(k, id);
  }
  if (touched.size === 0) return null;
  const list = [...touched.values()];
  return sql`
    INSERT INTO identities (site_id, identity, traits, trait_times, first_seen_at, last_seen_at)
    SELECT * FROM unnest(${list.map((i) => i.site)}::bigint[], ${list.map((i) => i.identity)}::text[],
      ${list.map((i) => JSON.stringify(i.traits))}::jsonb[], ${list.map((i) => JSON.stringify(i.traitTimes))}::jsonb[],
      ${list.map((i) => new Date(i.firstSeen).toISOString())}::timestamptz[],
      ${list.map((i) => new Date(i.lastSeen).toISOString())}::timestamptz[])
    ON CONFLICT (site_id, identity) DO UPDATE SET traits = excluded.traits, trait_times = excluded.trait_times,
      first_seen_at = excluded.first_seen_at, last_seen_at = excluded.last_seen_at`;
}
