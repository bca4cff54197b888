import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectNats, type Nats } from '../../src/nats/connect.js';
import { ensureStreams } from '../../src/nats/ensure-streams.js';
import { hitsStreamName } from '../../streams/hits.js';

// STREAM_REPLICAS against a lone server (the tests' NATS); a cluster raising them is in
// test/cluster/drills.int.test.ts.
let nats: Nats;
const prefix = `r${randomBytes(4).toString('hex')}_`;
beforeAll(async () => {
  nats = await connectNats(inject('natsUrl'), `twofold-test-${prefix}`);
});
afterAll(async () => {
  await nats.jsm.streams.delete(hitsStreamName(prefix)).catch(() => {});
  await nats.nc.close();
});

describe('STREAM_REPLICAS on a single NATS server', () => {
  it('stops the start with an error that names the setting', async (ctx) => {
    // Against a cluster of servers (NATS_URL may name one) three replicas are fine.
    if (nats.nc.info?.cluster !== undefined) ctx.skip();
    await expect(ensureStreams(nats.jsm, prefix, 3)).rejects.toThrow(
      'STREAM_REPLICAS=3: NATS refused 3 replicas: replicas > 1 not supported in non-clustered mode',
    );
    await ensureStreams(nats.jsm, prefix, 1);
    expect((await nats.jsm.streams.info(hitsStreamName(prefix))).config.num_replicas).toBe(1);
  });
});
