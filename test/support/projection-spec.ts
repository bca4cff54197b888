import type pg from 'pg';
import { expect } from 'vitest';
import type { Projection } from '../../projections/projection.js';
import type { StreamEvent } from '../../streams/events.js';
import { encodeMessage } from '../../streams/message-codec.js';
import { foldBatch, type StreamMessage } from '../../src/projector/fold-batch.js';

/** Stream messages as the appender writes them: each group of events is one message. */
export function messages(groups: StreamEvent[][], firstSeq = 1): StreamMessage[] {
  return groups.map((events, i) => ({
    seq: firstSeq + i,
    data: encodeMessage(JSON.stringify({ v: 1, events })),
  }));
}

/**
 * Folds the messages, then delivers them all again (a redelivery after a crash between commit and
 * ack) and checks that the second delivery changed nothing.
 */
export async function foldTwice(db: pg.Pool, projection: Projection, msgs: StreamMessage[], batchSize = 2) {
  for (let i = 0; i < msgs.length; i += batchSize)
    await foldBatch(db, projection, msgs.slice(i, i + batchSize));
  const again = await foldBatch(db, projection, msgs);
  expect(again.events).toBe(0);
  expect(again.duplicates).toBe(msgs.length);
}
