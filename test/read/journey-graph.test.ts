import { describe, expect, it } from 'vitest';
import { journeyGraph, type Walk } from '../../src/read/journeys/graph.js';

describe('journeyGraph', () => {
  it('prunes any number of walks: 200,000 of them, more than a call takes arguments', () => {
    // Every walk '/' → '/a<i mod 3>' → '/b<i>': three pages at step 1, one session on each of
    // 200,000 pages at step 2, of which each node keeps its limit − 1 = 2 and merges the rest.
    const walks: Walk[] = Array.from({ length: 200_000 }, (_, i) => ({
      paths: ['/', `/a${i % 3}`, `/b${i}`],
      sessions: 1,
    }));
    const { nodes, links } = journeyGraph(walks, 3);
    const sessionsOf = (id: string) => nodes.find((n) => n.id === id)?.sessions;
    expect(sessionsOf('0:/')).toBe(200_000);
    expect(['1:/a0', '1:/a1', '1:/a2'].map(sessionsOf)).toEqual([66_667, 66_667, 66_666]);
    // Ties go by path ('/b0' < '/b1' < '/b10' < '/b100' < '/b1000' < '/b10000' < '/b100000' <
    // '/b100001' …), each /a<k> keeping the first two of its own: i ≡ k (mod 3).
    const kept = nodes.filter((n) => n.step === 2 && n.path !== '(other)').map((n) => n.path);
    expect(kept.sort()).toEqual(['/b0', '/b100002', '/b1', '/b10', '/b100001', '/b100004'].sort());
    expect(sessionsOf('2:(other)')).toBe(200_000 - 6);
    expect(links).toHaveLength(3 + 3 * 3);
    expect(links.filter((l) => l.target.startsWith('2:')).reduce((n, l) => n + l.sessions, 0)).toBe(200_000);
  });
});
