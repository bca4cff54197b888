import { describe, expect, it } from 'vitest';
import { AUTOMATIC_EVENTS } from '../../src/goals/automatic-events.js';
import { FILTER_LIMITS } from '../../src/read/envelope/filter-limits.js';
import * as server from '../../src/read/envelope/filters.js';
import { AUTOMATIC_EVENT_KINDS } from '../../web/src/lib/automatic-events.js';
import * as web from '../../web/src/lib/filter-tree.js';

// The dashboard's bundle cannot import the server's modules (zod, SQL), so it keeps its own copies
// of these lists; this holds them to the server's.
describe("the dashboard's copies of the server's lists", () => {
  it('offers every operator of the filter language, and no other', () => {
    expect([...web.OPERATORS].sort()).toEqual([...server.OPERATORS].sort());
  });

  it("offers people's and agents' dimensions as the server reads them", () => {
    // `props.<key>` is typed apart in the builder, not picked from the list.
    const human = Object.keys(server.HUMAN_DIMENSIONS).filter((d) => d !== 'props.*');
    expect([...web.HUMAN_DIMENSIONS].sort()).toEqual(human.sort());
    expect([...web.AGENT_DIMENSIONS].sort()).toEqual(Object.keys(server.AGENT_DIMENSIONS).sort());
  });

  it("keeps to the envelope's bounds on depth and count", () => {
    expect({ depth: web.MAX_DEPTH, filters: web.MAX_FILTERS }).toEqual({
      depth: FILTER_LIMITS.depth,
      filters: FILTER_LIMITS.filters,
    });
  });

  it('names the automatic events and their kinds as the events read does', () => {
    expect(AUTOMATIC_EVENT_KINDS).toEqual(
      Object.fromEntries(Object.entries(AUTOMATIC_EVENTS).map(([name, e]) => [name, e.kind])),
    );
  });
});
