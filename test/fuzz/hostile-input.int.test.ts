import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireClient } from '../support/http-wire.js';
import { type IsolatedServer, startIsolatedServer } from '../support/isolated-server.js';
import type { ServerProcess } from '../support/server-process.js';
import type { StreamFollower } from '../support/stream-follower.js';
import { Campaign } from './campaign.js';
import { fuzzCases } from './cases.js';
import { ORDINARY_PREFIX } from './hits.js';
import { makeWorld, type World } from './world.js';

/*
 * The service as `npm start` runs it, in its own process, fed generated hostile requests over real
 * sockets with ordinary hits beside each. FUZZ_RUNS sets the number of cases (npm test runs a
 * short run, `npm run fuzz` 100,000); FUZZ_SEED and FUZZ_PATH replay a failure fast-check printed.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 600);
const REQUEST_TIMEOUT_MS = 20_000;

let isolated: IsolatedServer;
let server: ServerProcess;
let client: ReturnType<typeof wireClient>;
let follower: StreamFollower;
let world: World;
let campaign: Campaign;

beforeAll(async () => {
  isolated = await startIsolatedServer('fuzz', {
    // Ordinary hits each come from an address of their own, so no per-address limit drops one.
    TRUST_PROXY: 'true',
    // Sites the fuzz creates are never fetched from (their names are made up).
    POLICY_FETCH_HOURS: '0',
  });
  ({ server, follower } = isolated);
  client = wireClient(server.url, { timeoutMs: REQUEST_TIMEOUT_MS });
  world = await makeWorld(client.send);
  campaign = new Campaign(client, server, world, REQUEST_TIMEOUT_MS);
}, 120_000);

afterAll(async () => {
  if (campaign) console.log(campaign.summary(follower.pathnames(ORDINARY_PREFIX).length));
  client?.close();
  await isolated?.close();
});

describe('hostile input against a real server process', () => {
  it(
    `answers ${RUNS} generated requests without a 5xx, a hang or a neighbour's failure`,
    async () => {
      const seed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
      await fc.assert(fc.asyncProperty(fuzzCases(world), campaign.run), {
        numRuns: RUNS,
        seed,
        path: process.env.FUZZ_PATH,
        // Shrinking re-sends against a server a failure may have broken; the seed and path replay it.
        endOnFailure: true,
      });
    },
    Math.max(60_000, RUNS * 100),
  );

  it('stores every ordinary hit exactly once, and nothing of a refused request, a dropped hit or half a batch', async () => {
    const markers = campaign.ordinaryMarkers;
    await follower.until(() => markers.every((m) => follower.count(m) > 0), 20_000).catch(() => {});
    expect(markers.filter((m) => follower.count(m) !== 1).slice(0, 20)).toEqual([]);
    const halves = campaign.allOrNone.filter(
      (group) => new Set(group.map((m) => follower.count(m))).size > 1,
    );
    expect(halves.map((g) => g.map((m) => `${m}: ${follower.count(m)}`)).slice(0, 5)).toEqual([]);
    expect(
      campaign.allOrNone
        .flat()
        .filter((m) => follower.count(m) > 1)
        .slice(0, 20),
    ).toEqual([]);
    const stored = [...campaign.neverStored].filter(([m]) => follower.count(m) > 0);
    expect(stored.map(([m, why]) => `${m}: ${why}`).slice(0, 20)).toEqual([]);
  }, 60_000);

  it("is still serving, healthy, and has left the other account's things where they were", async () => {
    expect(server.exit()).toBeUndefined();
    expect((await client.send({ method: 'GET', path: '/healthz' })).status).toBe(200);
    const b = { cookie: world.b.cookie };
    const get = (path: string) => client.send({ method: 'GET', path, headers: b });
    expect((await get(`/api/segments/${world.b.segmentId}`)).status).toBe(200);
    const goals = JSON.parse((await get(`/api/goals?site=${world.b.target.id}`)).body.toString()).data;
    expect(goals.map((g: { id: number }) => g.id)).toContain(world.b.goalId);
    const funnels = JSON.parse((await get(`/api/funnels?site=${world.b.target.id}`)).body.toString()).data;
    expect(funnels.map((f: { id: number }) => f.id)).toContain(world.b.funnelId);
    const keyed = await client.send({
      method: 'GET',
      path: '/api/sites',
      headers: { authorization: `Bearer ${world.b.key}` },
    });
    expect(JSON.parse(keyed.body.toString()).data.map((s: { id: number }) => s.id)).toEqual([
      world.b.target.id,
    ]);
    const site = JSON.parse((await get(`/api/sites/${world.b.target.id}`)).body.toString()).data;
    expect(site.excluded_paths).toEqual([]);
  }, 30_000);
});
