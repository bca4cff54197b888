/** Calendar days of a time zone ↔ UTC instants, for the custom window's date inputs. */
function partsIn(tz: string, instant: number): Record<string, number> {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  return Object.fromEntries(parts.filter((p) => p.type !== 'literal').map((p) => [p.type, Number(p.value)]));
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(tz: string, instant: number): number {
  const p = partsIn(tz, instant);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a day (`YYYY-MM-DD`) begins in a zone. */
export function dayStart(day: string, tz: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // Twice: the offset at the first guess may differ from the one at the answer across a DST change.
  const first = midnightUtc - offsetAt(tz, midnightUtc);
  return new Date(midnightUtc - offsetAt(tz, first)).toISOString();
}

/** The zone's calendar day (`YYYY-MM-DD`) of an instant. */
export function dayOf(instant: string, tz: string): string {
  const p = partsIn(tz, Date.parse(instant));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month!)}-${pad(p.day!)}`;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Whole local days from `first` to `last`, both included, as the envelope's half-open window. */
export function daysWindow(first: string, last: string, tz: string): { start: string; end: string } {
  return { start: dayStart(first, tz), end: dayStart(nextDay(last), tz) };
}

/** The last day a half-open window covers (its end is the next day's start). */
export function lastDayOf(end: string, tz: string): string {
  return dayOf(new Date(Date.parse(end) - 1).toISOString(), tz);
}
