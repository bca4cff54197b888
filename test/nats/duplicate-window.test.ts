import { describe, expect, it } from 'vitest';
import { APPEND_ATTEMPTS, APPEND_TIMEOUT_MS } from '../../src/nats/append.js';
import { DUPLICATE_WINDOW_NS, hitsStream } from '../../streams/hits.js';

describe("the stream's duplicate window", () => {
  it("covers twice the appender's retries of a message, and no more than a minute of ids", () => {
    const retriesMs = APPEND_ATTEMPTS * APPEND_TIMEOUT_MS;
    expect(DUPLICATE_WINDOW_NS / 1e6).toBeGreaterThanOrEqual(2 * retriesMs);
    expect(DUPLICATE_WINDOW_NS / 1e9).toBeLessThanOrEqual(60);
    expect(hitsStream('').duplicate_window).toBe(DUPLICATE_WINDOW_NS);
  });
});
