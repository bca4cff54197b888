// The events of `npm run bench:fold` and bench/fold-profile.ts: people's hits from the read bench's
// design and agent fetches from the agents bench's, over 14 days.
import type { FetchRecorded, HitRecorded } from '../streams/events.js';
import { AGENTS_DESIGN, dayFetches, prepare } from './agents-data.js';
import { BENCH_DESIGN, dayEvents } from './read-data.js';

/** One event in five an agent fetch, as on a site that ships its edge logs. */
const AGENT_SHARE = 0.2;
const DAYS = 14;

/** The designed events of each day: people's hits and agent fetches, `events` in all. */
export function* designedEvents(
  events: number,
  site: number,
): Generator<{ hits: HitRecorded[]; fetches: FetchRecorded[] }> {
  const agents = Math.round(events * AGENT_SHARE);
  const human = { ...BENCH_DESIGN, site, days: DAYS, events: events - agents };
  const prepared = prepare({ ...AGENTS_DESIGN, site, days: DAYS, fetches: agents, pageviews: DAYS });
  for (let day = 0; day < DAYS; day++)
    yield { hits: dayEvents(human, day), fetches: dayFetches(prepared, day) };
}
