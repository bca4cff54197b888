import { describe, expect, it } from 'vitest';
import { admit, type DeliveryState } from '../../src/projector/delivery-order.js';

const run = (checkpoint: number, deliveries: [seq: number, delivery: number][], known: number[] = []) => {
  const state: DeliveryState = { delivered: 0, highest: checkpoint };
  const taken: number[] = [];
  const out = deliveries.map(([seq, delivery]) => {
    const a = admit(state, { seq, delivery }, (s) => known.includes(s) || taken.includes(s));
    if (a === 'take') taken.push(seq);
    return a;
  });
  return out;
};

describe('admitting deliveries in stream order', () => {
  it('takes consecutive deliveries, with gaps in the stream sequence (other subjects) allowed', () => {
    expect(
      run(10, [
        [11, 1],
        [14, 2],
        [20, 3],
      ]),
    ).toEqual(['take', 'take', 'take']);
  });

  it('restarts on a hole in the delivery sequence: a dropped delivery would be acknowledged unfolded', () => {
    expect(
      run(0, [
        [1, 1],
        [2, 2],
        [5, 5],
      ]),
    ).toEqual(['take', 'take', 'restart']);
  });

  it('skips a redelivered copy of a message already taken, and restarts on one never seen', () => {
    expect(
      run(0, [
        [1, 1],
        [2, 2],
        [3, 3],
        [2, 4],
      ]),
    ).toEqual(['take', 'take', 'take', 'skip']);
    expect(
      run(0, [
        [1, 1],
        [3, 2],
        [2, 3],
      ]),
    ).toEqual(['take', 'take', 'restart']);
  });

  it('skips a delivery at or below the checkpoint that was folded before this consumer started', () => {
    expect(
      run(
        5,
        [
          [5, 1],
          [6, 2],
        ],
        [5],
      ),
    ).toEqual(['skip', 'take']);
  });
});
