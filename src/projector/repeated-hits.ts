import { LATE_HIT_GRACE_MS } from '../../projections/sessions/horizon.js';
import { HIT_KEY, type HitRecorded } from '../../streams/events.js';
import { type Db, raw, sql } from '../db/sql.js';
import type { DecodedMessage } from './fold-batch.js';

/**
 * A keyed hit is a repeat when an earlier message of its site carried the same key at most this
 * far from it in hit time: a client's retry comes seconds or minutes after the attempt it repeats
 * (docs/api.md#hits). A key sent again later counts again.
 */
export const REPEAT_WINDOW_MS = 10 * 60_000;

/**
 * How long a site's keys are kept behind its newest hit: a hit up to the late-hit grace behind the
 * newest (edge logs shipped late) still finds the keys its window needs, so its answer is the same
 * on every fold of it, live, redelivered or rebuilt.
 */
export const HIT_KEYS_HORIZON_MS = LATE_HIT_GRACE_MS + REPEAT_WINDOW_MS;

/** The live table of the keys (migrations/0039_hit_keys.sql); a rebuild keeps its own (shadowHitKeys). */
export const HIT_KEYS = 'hit_keys';

/** One key's occurrence: the first hit with it in a message. */
interface Occurrence {
  site: number;
  key: string;
  seq: number;
  ts: number;
}

/**
 * Takes out of the decoded messages (in place, before any projection folds them) the hits that
 * repeat a keyed hit of an earlier message, or of earlier in the same message, so that every
 * projection folds them alike; answers how many it took out. Records each message's keys in `table`,
 * in a statement of its own, before any projection folds them, and prunes the batch's sites' keys
 * past the horizon. The answer for a message depends only on the keys of the messages before it,
 * which never change once recorded: a redelivered batch, a batch folded again after a crash between
 * this step and the projections, and a rebuild (which replays the stream in order into a table of
 * its own) drop the same hits. Messages without keyed hits cost nothing.
 */
export async function dropRepeatedHits(
  db: Db,
  messages: readonly DecodedMessage[],
  table: string = HIT_KEYS,
): Promise<number> {
  const bySeq = new Map<number, DecodedMessage>();
  for (const m of messages) if (m.events !== null && !bySeq.has(m.seq)) bySeq.set(m.seq, m);
  const ordered = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  const occurrences: Occurrence[] = [];
  /** Per message, the index of each keyed hit and the occurrence it is or repeats in its message. */
  const keyed = new Map<number, { index: number; occurrence: Occurrence; first: boolean }[]>();
  const newest = new Map<number, number>();
  for (const m of ordered) {
    const inMessage = new Map<string, Occurrence>();
    m.events!.forEach((e, index) => {
      if (e.type !== 'HitRecorded') return;
      if (e.ts > (newest.get(e.site) ?? -Infinity)) newest.set(e.site, e.ts);
      const key = keyOf(e);
      if (key === undefined) return;
      const id = `${e.site}:${key}`;
      const earlier = inMessage.get(id);
      const occurrence = earlier ?? { site: e.site, key, seq: m.seq, ts: e.ts };
      if (earlier === undefined) {
        inMessage.set(id, occurrence);
        occurrences.push(occurrence);
      }
      const list = keyed.get(m.seq) ?? [];
      list.push({ index, occurrence, first: earlier === undefined });
      keyed.set(m.seq, list);
    });
  }
  if (occurrences.length === 0) return 0;

  const keyedSites = new Set(occurrences.map((o) => o.site));
  const pruned = [...newest].filter(([site]) => keyedSites.has(site));
  // One statement: record the batch's keys, prune, and read the keys of the messages before the
  // batch (all of one snapshot, so what this statement writes is not read back).
  const { rows } = await db.query<{ site_id: number; key: string; ts: number }>(sql`
    WITH batch AS (
      SELECT * FROM unnest(${occurrences.map((o) => o.site)}::int[], ${occurrences.map((o) => o.key)}::text[],
        ${occurrences.map((o) => o.seq)}::bigint[], ${occurrences.map((o) => o.ts)}::bigint[])
        AS b(site_id, key, seq, ts)
    ), recorded AS (
      INSERT INTO ${raw(table)} (site_id, key, seq, ts) SELECT site_id, key, seq, ts FROM batch
      ON CONFLICT DO NOTHING
    ), pruned AS (
      DELETE FROM ${raw(table)} h
      USING unnest(${pruned.map(([site]) => site)}::int[], ${pruned.map(([, ts]) => ts - HIT_KEYS_HORIZON_MS)}::bigint[])
        AS n(site_id, horizon)
      WHERE h.site_id = n.site_id AND h.ts < n.horizon
    )
    SELECT h.site_id, h.key, h.ts::float8 AS ts
    FROM (SELECT DISTINCT site_id, key FROM batch) k
    JOIN ${raw(table)} h ON h.site_id = k.site_id AND h.key = k.key
    WHERE h.seq < ${ordered[0]!.seq}`);

  const seen = new Map<string, number[]>();
  const sawAt = (site: number, key: string, ts: number) => {
    const id = `${site}:${key}`;
    const list = seen.get(id);
    if (list) list.push(ts);
    else seen.set(id, [ts]);
  };
  for (const r of rows) sawAt(r.site_id, r.key, r.ts);
  /** Per message, the indexes of its repeats. */
  const repeats = new Map<number, Set<number>>();
  for (const m of ordered) {
    for (const { index, occurrence: o, first } of keyed.get(m.seq) ?? []) {
      const ts = (m.events![index] as HitRecorded).ts;
      const repeat =
        !first || (seen.get(`${o.site}:${o.key}`) ?? []).some((t) => Math.abs(t - ts) <= REPEAT_WINDOW_MS);
      if (repeat) {
        const set = repeats.get(m.seq) ?? new Set<number>();
        set.add(index);
        repeats.set(m.seq, set);
      }
    }
    for (const { occurrence: o, first } of keyed.get(m.seq) ?? []) if (first) sawAt(o.site, o.key, o.ts);
  }
  // A message redelivered while its first copy waited in the batch loses the same hits, counted once.
  const done = new Set<DecodedMessage>();
  for (const m of messages) {
    const drop = repeats.get(m.seq);
    if (drop === undefined || m.events === null || done.has(m)) continue;
    done.add(m);
    m.events = m.events.filter((_, i) => !drop.has(i));
  }
  return [...repeats.values()].reduce((n, drop) => n + drop.size, 0);
}

/** The hit's key, when it is one a client could have sent (ingest refuses any other). */
function keyOf(e: HitRecorded): string | undefined {
  return e.key !== undefined && HIT_KEY.test(e.key) ? e.key : undefined;
}

/**
 * A rebuild's own table of keys, in its shadow schema, filled from the first message as the rebuild
 * replays the stream (and dropped with the schema): the live table's pruning must not take keys
 * the rebuild's position still needs. Answers its qualified name.
 */
export async function shadowHitKeys(db: Db, schema: string): Promise<string> {
  const table = `${schema}.${HIT_KEYS}`;
  await db.query(`CREATE TABLE ${table} (LIKE public.${HIT_KEYS} INCLUDING ALL)`);
  return table;
}
