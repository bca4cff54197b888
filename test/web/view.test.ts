import { describe, expect, it } from 'vitest';
import {
  RANGES,
  viewFromUrl,
  viewPath,
  viewToSearch,
  withFilter,
  withoutFilter,
  withTab,
  withWindow,
} from '../../web/src/lib/view.js';
import { filterText, filterWords } from '../../web/src/lib/filter-label.js';
import { exportUrl, readUrl } from '../../web/src/lib/read-params.js';
import { hostnameList } from '../../web/src/lib/site-input.js';

describe('the dashboard view in the URL', () => {
  it("keeps a shared link's view under /share/<token> and reads it with share=", () => {
    const token = `sh_${'a'.repeat(43)}`;
    const view = viewFromUrl(7, '?range=7d&tab=agents', token);
    expect(view).toMatchObject({ site: 7, range: '7d', tab: 'agents', share: token });
    expect(viewPath(view)).toBe(`/share/${token}?range=7d&tab=agents`);
    expect(viewPath(viewFromUrl(7, '?range=7d'))).toBe('/sites/7?range=7d');
    const read = new URL(readUrl('/api/agents/overview', view), 'http://x').searchParams;
    expect([read.get('site'), read.get('audience'), read.get('share')]).toEqual(['7', 'agent', token]);
    const pdf = new URL(exportUrl('overview', view, {}, 'pdf'), 'http://x').searchParams;
    expect([pdf.get('report'), pdf.get('share')]).toEqual(['overview', token]);
    expect(
      new URL(readUrl('/api/stats/overview', viewFromUrl(7, '')), 'http://x').searchParams.has('share'),
    ).toBe(false);
  });

  it('reads an empty query as 30 days of people, visitors, no comparison, no filters', () => {
    expect(viewFromUrl(7, '')).toEqual({
      site: 7,
      range: '30d',
      compare: 'none',
      filters: [],
      tab: 'people',
      metric: 'visitors',
    });
    expect(viewToSearch(viewFromUrl(7, ''))).toBe('');
  });

  it('round-trips every range and every parameter', () => {
    for (const range of RANGES) {
      const search = `?range=${range}&compare=previous&tz=Asia%2FKathmandu&granularity=hour&segment=4&tab=agents&metric=bytes`;
      const view = viewFromUrl(3, search);
      expect(view).toMatchObject({
        range,
        compare: 'previous',
        tz: 'Asia/Kathmandu',
        granularity: 'hour',
        segment: 4,
        tab: 'agents',
        metric: 'bytes',
      });
      expect(viewFromUrl(3, viewToSearch(view))).toEqual(view);
    }
  });

  it('takes a custom start and end over a range, and keeps filters as JSON', () => {
    const filters = [{ dimension: 'channel', op: 'is', value: 'answer_engine' }];
    const search = `?range=7d&start=2026-01-01T00:00:00Z&end=2026-02-01T00:00:00Z&filters=${encodeURIComponent(JSON.stringify(filters))}`;
    const view = viewFromUrl(1, search);
    expect(view.range).toBeUndefined();
    expect(view).toMatchObject({ start: '2026-01-01T00:00:00Z', end: '2026-02-01T00:00:00Z', filters });
    expect(viewPath(view)).toBe(
      `/sites/1?start=2026-01-01T00%3A00%3A00Z&end=2026-02-01T00%3A00%3A00Z&filters=${encodeURIComponent(JSON.stringify(filters))}`,
    );
  });

  it('falls back to defaults for unknown values, broken JSON and malformed filters', () => {
    const view = viewFromUrl(
      1,
      '?range=5y&compare=maybe&granularity=second&tab=robots&metric=fetches&filters=[{',
    );
    expect(view).toMatchObject({
      range: '30d',
      compare: 'none',
      tab: 'people',
      metric: 'visitors',
      filters: [],
    });
    expect([view.granularity, view.segment]).toEqual([undefined, undefined]);
    const mixed = encodeURIComponent(
      JSON.stringify([{ dimension: 'pathname' }, { dimension: 'a', op: 'is', value: [1, 'b'] }]),
    );
    expect(viewFromUrl(1, `?filters=${mixed}`).filters).toEqual([
      { dimension: 'a', op: 'is', value: [1, 'b'] },
    ]);
    // A metric of the other tab is not this tab's.
    expect(viewFromUrl(1, '?tab=agents&metric=bounce_rate').metric).toBe('fetches');
  });

  it('adds a filter per dimension (a second click replaces it), removes one by position', () => {
    let view = viewFromUrl(1, '');
    view = withFilter(view, 'pathname', '/a');
    view = withFilter(view, 'country', 'DE');
    view = withFilter(view, 'pathname', '/b');
    expect(view.filters).toEqual([
      { dimension: 'country', op: 'is', value: 'DE' },
      { dimension: 'pathname', op: 'is', value: '/b' },
    ]);
    expect(withoutFilter(view, 0).filters).toEqual([{ dimension: 'pathname', op: 'is', value: '/b' }]);
  });

  it('switching tab clears filters and takes that tab’s first metric; a custom window drops the range', () => {
    const view = withFilter(viewFromUrl(1, '?metric=pageviews&segment=2'), 'pathname', '/');
    expect(withTab(view, 'agents')).toMatchObject({ tab: 'agents', filters: [], metric: 'fetches' });
    expect(withTab(view, 'agents')).not.toHaveProperty('segment');
    const custom = withWindow(view, { start: '2026-01-01T00:00:00.000Z', end: '2026-01-02T00:00:00.000Z' });
    expect(custom.range).toBeUndefined();
    expect(withWindow(custom, { range: '7d' })).not.toHaveProperty('start');
  });

  it('words every operator a shared link may hold on its chip, lists as any (or none) of their values', () => {
    const search = `?filters=${encodeURIComponent(
      JSON.stringify([
        { dimension: 'pathname', op: 'starts_with', value: '/blog/' },
        { dimension: 'country', op: 'is', value: ['DE', 'FR'] },
        { dimension: 'browser', op: 'is_not', value: ['Chrome', 'Edge'] },
        { dimension: 'props.plan', op: 'not_contains', value: 'trial' },
        { dimension: 'status', op: 'gt', value: 399 },
        { dimension: 'bytes', op: 'lt', value: 1000 },
        { dimension: 'pathname', op: 'matches', value: '^/docs' },
        { dimension: 'source', op: 'ends_with', value: '.ai' },
        { dimension: 'x', op: 'some_new_op', value: 'y' },
      ]),
    )}`;
    expect(viewFromUrl(1, search).filters.map(filterText)).toEqual([
      'pathname starts with /blog/',
      'country is DE or FR',
      'browser is not Chrome nor Edge',
      'plan property does not contain trial',
      'status is more than 399',
      'bytes is less than 1000',
      'pathname matches ^/docs',
      'source ends with .ai',
      'x some new op y',
    ]);
    expect(filterWords({ dimension: 'name', op: 'contains', value: 'Sign' })).toEqual({
      dimension: 'name',
      op: 'contains',
      value: 'Sign',
    });
  });

  it('reads host names separated by commas, spaces or lines', () => {
    expect(hostnameList(' a.example, www.a.example\n*.a.example  ')).toEqual([
      'a.example',
      'www.a.example',
      '*.a.example',
    ]);
    expect(hostnameList(' , ')).toEqual([]);
  });
});
