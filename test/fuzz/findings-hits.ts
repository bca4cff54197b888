import fc from 'fast-check';
import { DEPTHS, nested } from './arbitraries.js';
import { hostileMarker, type Step } from './case.js';
import { BROWSER, signed, trackBody } from './hits.js';
import { one, request, step } from './requests.js';
import type { World } from './world.js';

/* Hits shaped like the known ways in: deep `p` (pixel, track, batch) and backtracking globs. */

const depth = fc.oneof(fc.constantFrom(...DEPTHS), fc.integer({ min: 20, max: 8_000 }));
const shape = fc.constantFrom('array' as const, 'object' as const, 'mixed' as const);
/** A `p` whose value nests `d` levels: the object itself, or one key holding the nesting. */
/**
 * A `p` whose value nests past the bound: as reported (6,000 arrays on the pixel, 30,000 in a
 * 60 KB track body) half the time, else any depth and shape.
 */
const deepProps = fc.oneof(
  fc.constantFrom(`{"k":${nested(6_000, 'array')}}`, `{"k":${nested(30_000, 'array')}}`),
  fc
    .tuple(depth, shape, fc.boolean())
    .map(([d, s, wrapped]) => (wrapped ? `{"k":${nested(d, s)}}` : nested(d, 'object'))),
);
const hitText = (site: { id: number; domain: string }, marker: string, p: string) =>
  JSON.stringify(trackBody(site, marker)).replace('{"plan":"pro"}', p);

export const pixelDeep = (w: World) =>
  deepProps
    // Quotes encoded, within the 16 KB a request head may have (past it: 431, no hit at all).
    .map((p) => p.replaceAll('"', '%22'))
    .filter((p) => p.length < 14_000)
    .map((p) => {
      const m = hostileMarker();
      const s = w.a.ordinary;
      const r = request('GET', `/api/track/pixel.gif?s=${s.id}&u=https://${s.domain}${m}&p=${p}`);
      return one('finding: pixel with deep p', step(r, 'pixel', { status: [200, 204], neverStored: [m] }));
    });

export const trackDeep = (w: World) =>
  deepProps.map((p) => {
    const m = hostileMarker();
    const r = request('POST', '/api/track', hitText(w.a.ordinary, m, p), {}, 'text/plain');
    return one('finding: track with deep p', step(r, 'hit', { status: [204], neverStored: [m] }));
  });

export const batchDeep = (w: World) =>
  fc
    .tuple(
      deepProps.filter((p) => p.length < 1_500_000),
      fc.nat(4),
    )
    .map(([p, at]) => {
      const valid = [0, 1, 2, 3, 4].map(() => hostileMarker());
      const deep = hostileMarker();
      const hits = valid.map((m) => JSON.stringify(trackBody(w.a.ordinary, m)));
      hits.splice(at, 0, hitText(w.a.ordinary, deep, p));
      const r = request('POST', '/api/track/batch', `[${hits.join(',')}]`, {}, 'text/plain');
      return one(
        'finding: batch with one deep member',
        step(r, 'hit', { status: [204], neverStored: [deep], allOrNone: valid }),
      );
    });

const GLOBS = ['/*a*a*a*b', '/*a*a*a*a*a*a*b', '/**********b', '/*/*/*/*/*/*/*/*/*x'];
/** A backtracking glob set on the target site, then hits whose paths make it backtrack. */
export const redos = (w: World) =>
  fc
    .tuple(
      fc.constantFrom(...GLOBS),
      fc.integer({ min: 100, max: 4_000 }),
      fc.constantFrom('track', 'edge', 'goal'),
    )
    .map(([glob, n, via]) => {
      const cookie = { cookie: w.a.cookie };
      const t = w.a.target;
      const patch = request(
        'PATCH',
        `/api/sites/${t.id}`,
        JSON.stringify({ excluded_paths: [glob], hostnames: [t.domain] }),
        cookie,
      );
      const path = `/${(glob.includes('/*/') ? 'a/' : 'a').repeat(n)}`.slice(0, 2_000);
      // A bound on patterns may refuse the glob (400); the hit after it must be answered either way.
      const steps: Step[] = [step(patch, 'json', { status: [200, 400] })];
      if (via === 'track')
        steps.push(
          step(request('POST', '/api/track', JSON.stringify(trackBody(t, path)), {}, 'text/plain'), 'hit', {
            status: [204],
          }),
        );
      else if (via === 'edge') {
        const row = {
          timestamp: new Date().toISOString(),
          user_agent: BROWSER,
          ip: '2001:db8::7',
          hostname: t.domain,
          pathname: path,
        };
        const body = JSON.stringify({ site_id: t.id, agent_events: [], events: [row] });
        steps.push(
          step(signed(request('POST', '/api/log/edge', body), t.ingestKey), 'json', { status: [202] }),
        );
      } else {
        steps.push(
          step(
            request(
              'POST',
              '/api/goals',
              JSON.stringify({ site: t.id, path: glob, name: `glob ${hostileMarker()}` }),
              cookie,
            ),
            'json',
            {
              status: [201, 400],
            },
          ),
        );
        steps.push(
          step(request('GET', `/api/stats/goals?site=${t.id}&range=7d`, undefined, cookie), 'read', {
            status: [200],
          }),
        );
      }
      return { endpoint: `finding: backtracking glob via ${via}`, steps };
    });
