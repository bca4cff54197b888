import { describe, expect, it } from 'vitest';
import { rebuildProgressLine } from '../../src/projector/progress-line.js';

describe('rebuildProgressLine', () => {
  it('says the events done, the share of the stream, the rate and the time left', () => {
    expect(
      rebuildProgressLine({
        events: 1_234_567,
        seq: 45_000,
        target: 250_000,
        eventsPerSecond: 21_345,
        secondsLeft: 192,
      }),
    ).toBe(
      'rebuilding: 1,234,567 events, message 45,000 of 250,000 (18%), 21,345 events/s, about 3 min 12 s left',
    );
    expect(
      rebuildProgressLine({ events: 0, seq: 0, target: 10, eventsPerSecond: 0, secondsLeft: null }),
    ).toBe('rebuilding: 0 events, message 0 of 10 (0%), 0 events/s, time left unknown');
    expect(
      rebuildProgressLine({ events: 9, seq: 3, target: 3, eventsPerSecond: 9, secondsLeft: 4_000 }),
    ).toBe('rebuilding: 9 events, message 3 of 3 (100%), 9 events/s, about 1 h 6 min left');
  });
});
