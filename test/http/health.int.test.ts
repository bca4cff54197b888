import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../src/db/pool.js';
import { buildApp } from '../../src/app.js';
import { buildTestApp, type TestApp } from '../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /healthz', () => {
  it('reports the stream position and every projection with its lag, without auth', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      stream: { last_seq: 0 },
      projections: [
        { name: 'raw_events', last_seq: 0, lag: 0 },
        { name: 'rollup_minute', last_seq: 0, lag: 0 },
        { name: 'agent_fetches', last_seq: 0, lag: 0 },
        { name: 'agent_rollup_minute', last_seq: 0, lag: 0 },
        { name: 'agent_coverage', last_seq: 0, lag: 0 },
        { name: 'citation_gap', last_seq: 0, lag: 0 },
        { name: 'path_visitors', last_seq: 0, lag: 0 },
        { name: 'vital_histograms', last_seq: 0, lag: 0 },
        { name: 'path_sessions', last_seq: 0, lag: 0 },
        { name: 'dimension_rollup', last_seq: 0, lag: 0 },
      ],
    });
  });

  it('answers 503 degraded in the same shape when Postgres is unreachable', async () => {
    // Port 9 (discard) has no Postgres: every query fails at connect.
    const db = createPool('postgres://nobody@127.0.0.1:9/none', 1);
    const app = await buildApp({ ...t.deps, db });
    try {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'degraded',
        stream: { last_seq: 0 },
        projections: [
          { name: 'raw_events', last_seq: null, lag: null },
          { name: 'rollup_minute', last_seq: null, lag: null },
          { name: 'agent_fetches', last_seq: null, lag: null },
          { name: 'agent_rollup_minute', last_seq: null, lag: null },
          { name: 'agent_coverage', last_seq: null, lag: null },
          { name: 'citation_gap', last_seq: null, lag: null },
          { name: 'path_visitors', last_seq: null, lag: null },
          { name: 'vital_histograms', last_seq: null, lag: null },
          { name: 'path_sessions', last_seq: null, lag: null },
          { name: 'dimension_rollup', last_seq: null, lag: null },
        ],
      });
    } finally {
      await app.close();
      await db.end();
    }
  });

  it('serves Prometheus metrics with the projector lag gauge', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('twofold_projector_lag{projection="raw_events"} 0');
    expect(res.body).toContain('# TYPE twofold_http_request_duration_seconds histogram');
  });
});
