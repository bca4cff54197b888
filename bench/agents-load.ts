// Loads the designed agent data set (agents-data.ts) into a database. Every day's stream messages
// (500-row edge shipments and 40-hit tracker messages, in time order) go through the projections'
// own code for the rows that depend on the stream's order or on state: `agent_fetches` (each fetch
// classified as the projection classifies it), and the people's tables (raw events, sessions,
// arrivals and pageview days, sessionized by the projections). The agent tables that are only
// sums of fetches (the per-minute and per-hour rollups, coverage, per-URL fetch counts and running
// totals) are then written in SQL from the folded `agent_fetches`, GROUP BY what the folds key by:
// folding them message by message would give the same rows an hour slower.
// test/read/bench-agents-load.int.test.ts checks every loaded table against the same stream folded
// message by message by foldBatch. What the load skips for speed are indexes no fold reads: those
// of agent_fetches and events and the per-day tables' GiST indexes are dropped while it runs and
// built again at the end, one sort each instead of ten million random insertions.
import type pg from 'pg';
import { agentCoverageProjection } from '../projections/agent-coverage/projection.js';
import { agentFetchesProjection } from '../projections/agent-fetches/projection.js';
import { AGENT_GRAINS } from '../projections/agent-rollup-minute/grains.js';
import { agentRollupMinuteProjection } from '../projections/agent-rollup-minute/projection.js';
import { citationGapProjection } from '../projections/citation-gap/projection.js';
import { rdnsOperators } from '../projections/agents/address-verifications.js';
import type { Projection, Sequenced } from '../projections/projection.js';
import { rawEvents } from '../projections/raw-events/projection.js';
import { loadCatalog } from '../src/catalog/agents.js';
import { IS_HTML } from '../src/read/agents/totals.js';
import { createPool } from '../src/db/pool.js';
import { withTransaction } from '../src/db/transaction.js';
import { advanceCheckpoint, claimCheckpoint, WHOLE_STREAM } from '../src/projector/checkpoint.js';
import { foldEvents } from '../src/projector/fold-batch.js';
import { FetchRecorded, HitRecorded, type StreamEvent } from '../streams/events.js';
import type { StreamOrigin } from '../streams/subjects.js';
import { type AgentsDesign, dayFetches, dayHits, type Prepared, prepare } from './agents-data.js';
import { HITS_PER_MESSAGE } from './read-load.js';

/** The projections whose tables the agent reads (and their raw paths) read. */
export function agentReadProjections(): Projection[] {
  const catalog = loadCatalog();
  return [
    agentFetchesProjection(catalog),
    agentRollupMinuteProjection(catalog),
    agentCoverageProjection(catalog),
    citationGapProjection(catalog),
    rawEvents,
  ] as Projection[];
}

/** Rows per edge shipment, as bench:edge sends them. */
export const EDGE_ROWS = 500;
/** Events per fold (one transaction), unless BENCH_AGENTS_FOLD_EVENTS says otherwise. */
export const FOLD_EVENTS = Number(process.env.BENCH_AGENTS_FOLD_EVENTS ?? 25_000);

export interface Message {
  seq: number;
  origin: StreamOrigin;
  events: StreamEvent[];
}

/** The stream messages of each day: its edge shipments, then its tracker messages. */
export function messagesPerDay(p: Prepared): number[] {
  return p.fetchQuotas.map(
    (f, day) => Math.ceil(f / EDGE_ROWS) + Math.ceil(p.pageviewQuotas[day]! / HITS_PER_MESSAGE),
  );
}

/**
 * One UTC day as the stream holds it: fetches in shipments of 500 and pageviews in messages of
 * 40, each in time order, the messages ordered by their first event's time; `firstSeq` on.
 */
export function dayStream(p: Prepared, day: number, firstSeq: number): Message[] {
  const cut = (events: StreamEvent[], size: number, origin: StreamOrigin) =>
    Array.from({ length: Math.ceil(events.length / size) }, (_, i) => ({
      seq: 0,
      origin,
      events: events.slice(i * size, (i + 1) * size),
    }));
  const messages = [
    ...cut(dayFetches(p, day), EDGE_ROWS, 'edge'),
    ...cut(dayHits(p, day), HITS_PER_MESSAGE, 'human'),
  ].sort((a, b) => a.events[0]!.ts - b.events[0]!.ts);
  messages.forEach((m, i) => (m.seq = firstSeq + i));
  return messages;
}

/** A projection's folds of the messages (those of its origin), cut into batches of about FOLD_EVENTS. */
function batches(messages: readonly Message[]): Sequenced[][] {
  const out: Sequenced[][] = [];
  let batch: Sequenced[] = [];
  for (const m of messages) {
    for (const event of m.events) batch.push({ seq: m.seq, event });
    if (batch.length >= FOLD_EVENTS) {
      out.push(batch);
      batch = [];
    }
  }
  if (batch.length > 0) out.push(batch);
  return out;
}

/** Folds a batch as a worker does (checkpoint claimed and advanced in the fold's transaction). */
async function fold(db: pg.Pool, p: Projection, batch: Sequenced[]) {
  await withTransaction(db, async (tx) => {
    const last = await claimCheckpoint(tx, p.name, WHOLE_STREAM);
    if (batch[0]!.seq <= last) throw new Error(`${p.name}: sequence ${batch[0]!.seq} is already folded`);
    await foldEvents(tx, p, batch);
    await advanceCheckpoint(tx, p.name, WHOLE_STREAM, batch.at(-1)!.seq);
  });
}

/**
 * What each projection is given to fold: `agent_fetches` every fetch; the people's side of
 * `raw_events` and `citation_gap` every tracker message (they fold no fetch into a table the
 * loader does not write in SQL afterwards). The projections not named here are written in SQL.
 */
function foldedProjections(): { projection: Projection; origin: StreamOrigin }[] {
  const catalog = loadCatalog();
  return [
    { projection: agentFetchesProjection(catalog), origin: 'edge' },
    { projection: rawEvents, origin: 'human' },
    { projection: citationGapProjection(catalog), origin: 'human' },
  ];
}

/** awaitsConfirmation (projections/agents/address-verifications.ts) in SQL; catalog ids are `[a-z0-9-]` only. */
const AWAITS_CONFIRMATION = `verified_by IS NULL AND agent_id <> 'unknown' AND operator IN (${[
  ...rdnsOperators(loadCatalog()),
]
  .map((o) => `'${o}'`)
  .join(', ')})`;
const STATUS_CLASS = 'CASE WHEN status >= 100 AND status < 600 THEN status / 100 ELSE 0 END';
const MINUTE = "date_bin('1 minute', ts, TIMESTAMPTZ '2000-01-01 00:00+00')";
const DAY = "date_trunc('day', ts, 'UTC')";

/**
 * The tables that only add up fetches, written from the folded `agent_fetches` keyed as their
 * folds key them (projections/agent-rollup-minute, agent-coverage, citation-gap): in two lanes,
 * each lane's statements in order (a later one may read an earlier one's table).
 */
export const DERIVED_LANES: readonly (readonly string[])[] = [
  [
    `INSERT INTO agent_rollup_minute (site_id, minute, agent_id, operator, purpose, status_class, verified,
       verified_by, fetches, html_fetches, bytes)
     SELECT site_id, ${MINUTE}, agent_id, operator, purpose, ${STATUS_CLASS}, verified, verified_by, count(*),
       count(*) FILTER (WHERE ${IS_HTML.sql}), sum(bytes)
     FROM agent_fetches GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`,
    ...AGENT_GRAINS.filter((g) => g.table !== 'agent_rollup_minute').map(
      (
        g,
      ) => `INSERT INTO ${g.table} (site_id, ${g.column}, agent_id, operator, purpose, status_class, verified,
         verified_by, fetches, html_fetches, bytes)
       SELECT site_id, date_bin('${g.ms / 1000} seconds', minute, TIMESTAMPTZ '2000-01-01 00:00+00'), agent_id,
         operator, purpose, status_class, verified, verified_by, sum(fetches), sum(html_fetches), sum(bytes)
       FROM agent_rollup_minute GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`,
    ),
    // The fetches a reverse DNS confirmation could still move (the design appends none).
    `INSERT INTO agent_rollup_unverified (site_id, address_digest, day, operator, minute, agent_id, purpose,
       status_class, fetches, html_fetches, bytes)
     SELECT site_id, address_digest, ${DAY}, operator, ${MINUTE}, agent_id, purpose, ${STATUS_CLASS}, count(*),
       count(*) FILTER (WHERE ${IS_HTML.sql}), sum(bytes)
     FROM agent_fetches WHERE ${AWAITS_CONFIRMATION} GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`,
    `INSERT INTO coverage_unverified (site_id, address_digest, day, operator, pathname, agent_id, fetches)
     SELECT site_id, address_digest, ${DAY}, operator, pathname, agent_id, count(*)
     FROM agent_fetches WHERE ${AWAITS_CONFIRMATION} GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`,
    `INSERT INTO url_coverage_day (site_id, pathname, day, agent_id, first_crawl, last_crawl, fetches, verified_fetches)
     SELECT site_id, pathname, ${DAY}, agent_id, min(ts), max(ts), count(*), count(*) FILTER (WHERE verified)
     FROM agent_fetches GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    `INSERT INTO url_crawl_day (site_id, pathname, day, last_crawl, fetches, next_day)
     SELECT site_id, pathname, day, max(last_crawl), sum(fetches),
            lead(day) OVER (PARTITION BY site_id, pathname ORDER BY day)
     FROM url_coverage_day GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  ],
  [
    `INSERT INTO url_coverage (site_id, pathname, first_crawl, last_crawl, fetches, bytes)
     SELECT site_id, pathname, min(ts), max(ts), count(*), sum(bytes) FROM agent_fetches GROUP BY 1, 2 ORDER BY 1, 2`,
    `INSERT INTO url_coverage_agents (site_id, pathname, agent_id, first_crawl, last_crawl, fetches, verified_fetches)
     SELECT site_id, pathname, agent_id, min(ts), max(ts), count(*), count(*) FILTER (WHERE verified)
     FROM agent_fetches GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    `INSERT INTO url_fetch_minute (site_id, pathname, minute, operator, purpose, fetches, html_fetches)
     SELECT site_id, pathname, ${MINUTE}, operator, purpose, count(*), count(*) FILTER (WHERE ${IS_HTML.sql})
     FROM agent_fetches GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
    `INSERT INTO citation_operator_day (site_id, day, operator, fetches, html_fetches)
     SELECT site_id, date_trunc('day', minute, 'UTC'), operator, sum(fetches), sum(html_fetches)
     FROM url_fetch_minute GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    // Running totals per URL on every day the site has figures for (fetches, or answer-engine
    // arrivals given or taken back): each URL's running sums over its own days, spread over the
    // site's days up to the URL's next one. (The people's fold wrote the arrivals' share: replaced.)
    'TRUNCATE url_citation_days, url_citation_through',
    `CREATE TEMPORARY TABLE citation_day_figures AS
     SELECT site_id, pathname, day, sum(fetches) AS fetches, sum(html_fetches) AS html_fetches, sum(arrivals) AS arrivals
     FROM (
       SELECT site_id, pathname, date_trunc('day', minute, 'UTC') AS day, fetches, html_fetches, 0 AS arrivals
       FROM url_fetch_minute
       UNION ALL
       SELECT site_id, pathname, date_trunc('day', minute, 'UTC'), 0, 0, arrivals
       FROM url_arrival_minute WHERE channel = 'answer_engine'
     ) x GROUP BY 1, 2, 3`,
    'INSERT INTO url_citation_days (site_id, day) SELECT DISTINCT site_id, day FROM citation_day_figures ORDER BY 1, 2',
    `INSERT INTO url_citation_through (site_id, day, pathname, fetches, html_fetches, arrivals)
     SELECT o.site_id, o.day, c.pathname, c.fetches, c.html_fetches, c.arrivals
     FROM (
       SELECT site_id, pathname, day, sum(fetches) OVER w AS fetches, sum(html_fetches) OVER w AS html_fetches,
              sum(arrivals) OVER w AS arrivals, lead(day) OVER w AS next_day
       FROM citation_day_figures WINDOW w AS (PARTITION BY site_id, pathname ORDER BY day)
     ) c
     JOIN url_citation_days o ON o.site_id = c.site_id AND o.day >= c.day AND (c.next_day IS NULL OR o.day < c.next_day)
     ORDER BY 1, 2, 3`,
    'DROP TABLE citation_day_figures',
  ],
];

/** Indexes no fold reads, of the tables they would slow most: (table, name, definition, constraint?). */
async function unreadIndexes(db: pg.Pool) {
  const { rows } = await db.query<{ table: string; name: string; def: string; constraint: boolean }>(`
    SELECT i.tablename AS table, i.indexname AS name,
           coalesce(pg_get_constraintdef(c.oid), i.indexdef) AS def, c.oid IS NOT NULL AS constraint
    FROM pg_indexes i LEFT JOIN pg_constraint c ON c.conname = i.indexname AND c.contype IN ('p', 'u')
    WHERE i.schemaname = current_schema()
      AND (i.tablename IN ('agent_fetches', 'events')
           OR i.indexname IN ('url_crawl_day_as_of', 'url_pageview_day_as_of', 'url_fetch_minute_site_minute'))`);
  return rows;
}

export interface LoadTimes {
  events: number;
  fetches: number;
  hits: number;
  /** Seconds generating and folding, then building the dropped indexes. */
  fold: number;
  indexes: number;
}

/** Loads the design into the database at `dbUrl` (empty, migrated, with the design's site). */
export async function loadAgentsDesign(
  dbUrl: string,
  d: AgentsDesign,
  progress: (day: number, events: number, seconds: number) => void = () => {},
): Promise<LoadTimes> {
  const db = createPool(dbUrl, 8);
  try {
    const dropped = await unreadIndexes(db);
    for (const i of dropped)
      await db.query(
        i.constraint ? `ALTER TABLE ${i.table} DROP CONSTRAINT ${i.name}` : `DROP INDEX ${i.name}`,
      );

    const t0 = performance.now();
    const folded = foldedProjections();
    const p = prepare(d);
    const perDay = messagesPerDay(p);
    const lastSeq = new Map<StreamOrigin | '*', number>();
    let seq = 1;
    let events = 0;
    let fetches = 0;
    let next = dayStream(p, 0, seq);
    for (let day = 0; day < d.days; day++) {
      const messages = next;
      seq += perDay[day]!;
      // Each projection folds the day on a connection of its own; the next day is generated meanwhile.
      const folding = Promise.all(
        folded.map(async ({ projection, origin }) => {
          for (const b of batches(messages.filter((m) => m.origin === origin))) await fold(db, projection, b);
        }),
      );
      for (const m of messages) {
        // The loader skips the decoding, so it checks a sample of the events against their schemas.
        const e = m.events[m.seq % m.events.length]!;
        (e.type === 'FetchRecorded' ? FetchRecorded : HitRecorded).parse(e);
        events += m.events.length;
        if (m.origin === 'edge') fetches += m.events.length;
        lastSeq.set(m.origin, m.seq);
        lastSeq.set('*', m.seq);
      }
      if (day + 1 < d.days) next = dayStream(p, day + 1, seq);
      await folding;
      progress(day, events, (performance.now() - t0) / 1000);
    }
    await inLanes(db, DERIVED_LANES);
    // Every projection has now folded what a worker consuming its origin would have.
    for (const proj of agentReadProjections())
      await withTransaction(db, async (tx) => {
        await claimCheckpoint(tx, proj.name, WHOLE_STREAM);
        await advanceCheckpoint(tx, proj.name, WHOLE_STREAM, lastSeq.get(proj.origin) ?? 0);
      });
    const foldSeconds = (performance.now() - t0) / 1000;

    const t1 = performance.now();
    await inLanes(
      db,
      [0, 1].map((lane) =>
        dropped
          .filter((_, k) => k % 2 === lane)
          .map((i) => (i.constraint ? `ALTER TABLE ${i.table} ADD CONSTRAINT ${i.name} ${i.def}` : i.def)),
      ),
    );
    return {
      events,
      fetches,
      hits: events - fetches,
      fold: foldSeconds,
      indexes: (performance.now() - t1) / 1000,
    };
  } finally {
    await db.end();
  }
}

/** Runs each lane's statements in order on a connection of its own, the lanes side by side. */
async function inLanes(db: pg.Pool, lanes: readonly (readonly string[])[]) {
  await Promise.all(
    lanes.map(async (statements) => {
      const c = await db.connect();
      try {
        await c.query("SET maintenance_work_mem = '1GB'");
        await c.query("SET work_mem = '256MB'");
        for (const s of statements) await c.query(s);
      } finally {
        c.release();
      }
    }),
  );
}

/** Every table the load wrote. */
export const loadedTables = () => [...new Set(agentReadProjections().flatMap((p) => p.tables))];
