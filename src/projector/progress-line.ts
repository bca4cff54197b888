import type { RebuildProgress } from './rebuild.js';

const count = (n: number) => n.toLocaleString('en-US');

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  return m < 60 ? `${m} min ${seconds % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** A rebuild's progress for a person at a terminal: events done, the rate, and the time left. */
export function rebuildProgressLine(p: RebuildProgress): string {
  const percent = p.target > 0 ? Math.floor((100 * p.seq) / p.target) : 100;
  const left = p.secondsLeft === null ? 'time left unknown' : `about ${duration(p.secondsLeft)} left`;
  return `rebuilding: ${count(p.events)} events, message ${count(p.seq)} of ${count(p.target)} (${percent}%), ${count(p.eventsPerSecond)} events/s, ${left}`;
}
