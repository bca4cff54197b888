import { describe, expect, it } from 'vitest';
import { isBounce, SESSION_GAP_MS, sessionize } from '../../projections/sessions/sessionize.js';
import { hit, MIN, T0 } from '../support/events.js';

describe('sessionize', () => {
  it('keeps hits 29 minutes apart in one session and starts a new one after 31 minutes', () => {
    const a = hit({ site: 1, visitor: 'v', ts: T0, pathname: '/a' });
    const b = hit({ site: 1, visitor: 'v', ts: T0 + 29 * MIN, pathname: '/b' });
    const c = hit({ site: 1, visitor: 'v', ts: T0 + 29 * MIN + 31 * MIN, pathname: '/c' });
    const { sessionOf, changes } = sessionize([a, b, c], []);
    expect(sessionOf.get(a.id)).toBe(a.id);
    expect(sessionOf.get(b.id)).toBe(a.id);
    expect(sessionOf.get(c.id)).toBe(c.id);
    const first = changes.get(a.id)!.after;
    expect(first).toMatchObject({
      pageviews: 2,
      entryPath: '/a',
      exitPath: '/b',
      started: T0,
      last: T0 + 29 * MIN,
    });
    expect(changes.get(c.id)!.after).toMatchObject({ pageviews: 1, entryPath: '/c' });
  });

  it('separates visitors and sites even at the same instant', () => {
    const hits = [
      hit({ site: 1, visitor: 'v', ts: T0 }),
      hit({ site: 1, visitor: 'w', ts: T0 }),
      hit({ site: 2, visitor: 'v', ts: T0 }),
    ];
    expect(new Set(sessionize(hits, []).sessionOf.values()).size).toBe(3);
  });

  it('extends a stored session and reports its state before the batch', () => {
    const first = hit({ site: 1, visitor: 'v', ts: T0 });
    const stored = sessionize([first], []).changes.get(first.id)!.after;
    const next = hit({ site: 1, visitor: 'v', ts: T0 + 10 * MIN, kind: 'outbound' });
    const change = sessionize([next], [stored]).changes.get(first.id)!;
    expect(change.before).toMatchObject({ pageviews: 1, interactive: 0, last: T0 });
    expect(change.after).toMatchObject({ pageviews: 1, interactive: 1, last: T0 + 10 * MIN, events: 2 });
    expect(isBounce(change.before!)).toBe(true);
    expect(isBounce(change.after)).toBe(false);
  });

  it('lets a late hit extend a session backwards within the gap', () => {
    const later = hit({ site: 1, visitor: 'v', ts: T0 + SESSION_GAP_MS });
    const stored = sessionize([later], []).changes.get(later.id)!.after;
    const early = hit({ site: 1, visitor: 'v', ts: T0 + 1, pathname: '/first' });
    const after = sessionize([early], [stored]).changes.get(later.id)!.after;
    expect(after).toMatchObject({ started: T0 + 1, entryPath: '/first', pageviews: 2 });
  });

  it('does not count identify as engagement, so a pageview plus identify still bounces', () => {
    const pv = hit({ site: 1, visitor: 'v', ts: T0 });
    const id = hit({ site: 1, visitor: 'v', ts: T0 + 1000, kind: 'custom', name: 'identify' });
    const s = sessionize([pv, id], []).changes.get(pv.id)!.after;
    expect(s).toMatchObject({ pageviews: 1, interactive: 0, events: 2 });
    expect(isBounce(s)).toBe(true);
  });
});
