import { streamLayout } from '../../src/config.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citationGapProjection } from '../../projections/citation-gap/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { rebuildProjection } from '../../src/projector/rebuild.js';
import { subjectFor } from '../../streams/subjects.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { hit, MIN, T0 } from '../support/events.js';

/*
 * Migration 0013 gave url_arrival_minute an `operator` and credited the existing arrivals whose
 * source names an engine; the rest stayed ''. A rebuild folds every arrival again and credits each
 * to the operator behind its engine, by its source, else by its referrer.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('citation_gap rebuild', () => {
  it('credits every answer-engine arrival to its operator, also those the migration could not', async () => {
    await t.deps.appender.appendAtomic(subjectFor(streamLayout(t.deps.config), 1, 'human'), [
      hit({ site: 1, visitor: 'a', ts: T0, pathname: '/x', referrer: 'https://chatgpt.com/' }),
      hit({
        site: 1,
        visitor: 'b',
        ts: T0 + MIN,
        pathname: '/x',
        referrer: 'https://chatgpt.com/',
        query: 'utm_source=newsletter',
      }),
      hit({ site: 1, visitor: 'c', ts: T0 + 2 * MIN, pathname: '/y', referrer: 'https://www.google.com/' }),
    ]);
    // What an installation upgraded by the migration holds for the second arrival before a rebuild.
    await t.database.pool.query(
      `INSERT INTO url_arrival_minute (site_id, pathname, minute, channel, source, operator, arrivals)
       VALUES (1, '/x', $1, 'answer_engine', 'newsletter', '', 1)`,
      [new Date(T0 + MIN)],
    );
    await rebuildProjection(
      {
        db: t.database.pool,
        nats: t.deps.nats,
        prefix: t.deps.config.STREAM_PREFIX,
        partitions: t.deps.config.PROJECTION_PARTITIONS,
        log: t.deps.log,
      },
      citationGapProjection(loadCatalog()),
    );
    const { rows } = await t.database.pool.query(
      `SELECT pathname, channel, source, operator, arrivals::int FROM url_arrival_minute ORDER BY minute`,
    );
    expect(rows).toEqual([
      { pathname: '/x', channel: 'answer_engine', source: 'ChatGPT', operator: 'openai', arrivals: 1 },
      { pathname: '/x', channel: 'answer_engine', source: 'newsletter', operator: 'openai', arrivals: 1 },
      { pathname: '/y', channel: 'organic_search', source: 'Google', operator: '', arrivals: 1 },
    ]);
  });
});
