import { describe, expect, it } from 'vitest';
import { memoryGrowth, type SoakMinute } from './cluster/soak.js';

const minute = (n: number, rss: Record<string, number>): SoakMinute => ({
  minute: n,
  hitsPerSecond: 0,
  hitFailures: 0,
  hitP99Ms: 0,
  reads: 0,
  readFailures: 0,
  readP99Ms: 0,
  lagMessages: 0,
  rssMb: rss,
  load: 0,
});

describe("the soak's memory growth", () => {
  it('compares the mean of the last five minutes with minutes 6-10, so one collection does not decide', () => {
    // api: 100 MB in minutes 6-10 but one sample of 160 at the very end (a collection due), mean 112 → +12 %.
    // projector: swings 80/120 throughout, mean 100 early and late → 0.
    const rows = Array.from({ length: 20 }, (_, i) =>
      minute(i + 1, {
        api: i + 1 === 20 ? 160 : 100,
        projector: i % 2 === 0 ? 80 : 120,
        ...(i < 2 ? { early: 500 } : {}),
      }),
    );
    expect(memoryGrowth(rows)).toEqual({ api: 0.12, projector: 0 });
  });

  it('answers nothing before minute 6', () => {
    expect(memoryGrowth([1, 2, 3, 4, 5].map((n) => minute(n, { api: 100 })))).toEqual({});
  });
});
