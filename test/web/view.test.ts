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
import { filterWords, nodeText } from '../../web/src/lib/filter-label.js';
import {
  emptyCondition,
  emptyGroup,
  fromGroup,
  isNode,
  toGroup,
  treeSize,
} from '../../web/src/lib/filter-tree.js';
import { eventFilter, storedProperty } from '../../web/src/lib/automatic-events.js';
import { exportUrl, readParams, readUrl } from '../../web/src/lib/read-params.js';
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
    expect(viewFromUrl(1, search).filters.map(nodeText)).toEqual([
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

  it('keeps groups (and, or, not) in the URL, words them in brackets, and drops malformed ones', () => {
    const tree = [
      {
        or: [
          { dimension: 'pathname', op: 'starts_with', value: '/docs' },
          { not: { and: [{ dimension: 'country', op: 'is', value: 'DE' }] } },
        ],
      },
      { dimension: 'browser', op: 'is_not', value: 'Firefox' },
    ];
    const view = viewFromUrl(1, `?filters=${encodeURIComponent(JSON.stringify(tree))}`);
    expect(view.filters).toEqual(tree);
    expect(viewFromUrl(1, viewToSearch(view))).toEqual(view);
    expect(view.filters.map(nodeText)).toEqual([
      '(pathname starts with /docs or not (country is DE))',
      'browser is not Firefox',
    ]);
    // A single group stands for a list of one; a group with a bad member, or an extra key, is dropped.
    const one = { or: [{ dimension: 'os', op: 'is', value: 'iOS' }] };
    expect(viewFromUrl(1, `?filters=${encodeURIComponent(JSON.stringify(one))}`).filters).toEqual([one]);
    expect(isNode({ or: [{ dimension: 'os' }] })).toBe(false);
    expect(isNode({ or: [], and: [] })).toBe(false);
    let deep: unknown = { dimension: 'os', op: 'is', value: 'iOS' };
    for (let i = 0; i < 20; i++) deep = { not: deep };
    expect(isNode(deep)).toBe(false);
    // A clicked row replaces a filter on its dimension, never a group.
    expect(withFilter(view, 'browser', 'Chrome').filters).toEqual([
      tree[0],
      { dimension: 'browser', op: 'is', value: 'Chrome' },
    ]);
    // Reads limited to some dimensions get the groups whose every dimension they take.
    expect(readParams(view, { dimensions: ['pathname', 'country'] }).get('filters')).toBe(
      JSON.stringify([tree[0]]),
    );
  });

  it('edits the view’s filters as the builder’s groups and gives them back as the envelope takes them', () => {
    const tree = [
      {
        or: [
          { dimension: 'pathname', op: 'starts_with', value: '/docs' },
          { dimension: 'props.plan', op: 'is', value: 'pro' },
        ],
      },
      { not: { dimension: 'status', op: 'gt', value: 399 } },
    ];
    const root = toGroup(tree);
    expect(root).toEqual({
      combine: 'and',
      negate: false,
      items: [
        {
          combine: 'or',
          negate: false,
          items: [
            { dimension: 'pathname', key: '', op: 'starts_with', value: '/docs' },
            { dimension: 'props', key: 'plan', op: 'is', value: 'pro' },
          ],
        },
        { combine: 'and', negate: true, items: [{ dimension: 'status', key: '', op: 'gt', value: '399' }] },
      ],
    });
    expect(fromGroup(root)).toEqual(tree);
    expect(treeSize(root)).toEqual({ filters: 3, depth: 2 });
    // Lists with is / is_not, numbers for numeric dimensions; an any-of root is one group; empty groups vanish.
    const any = {
      ...emptyGroup(),
      combine: 'or' as const,
      items: [
        { ...emptyCondition(), dimension: 'country', value: 'DE, FR' },
        { ...emptyCondition(), dimension: 'asn', op: 'is_not', value: '3320' },
        emptyGroup(),
      ],
    };
    expect(fromGroup(any)).toEqual([
      {
        or: [
          { dimension: 'country', op: 'is', value: ['DE', 'FR'] },
          { dimension: 'asn', op: 'is_not', value: 3320 },
        ],
      },
    ]);
    expect(fromGroup({ ...emptyGroup(), negate: true, items: [emptyCondition()] })).toEqual([
      { not: { dimension: 'pathname', op: 'is', value: '' } },
    ]);
    expect(fromGroup(emptyGroup())).toEqual([]);
  });

  it('filters an automatic event’s row by its kind, a custom event’s by its name', () => {
    expect(eventFilter('Outbound Link: Click')).toEqual({ dimension: 'kind', value: 'outbound' });
    expect(eventFilter('File Download')).toEqual({ dimension: 'kind', value: 'file_download' });
    expect(eventFilter('Form: Submission')).toEqual({ dimension: 'kind', value: 'form' });
    expect(eventFilter('Signup')).toEqual({ dimension: 'name', value: 'Signup' });
    expect([storedProperty('Form: Submission', 'form'), storedProperty('Form: Submission', 'id')]).toEqual([
      false,
      true,
    ]);
    expect(storedProperty('Outbound Link: Click', 'url')).toBe(true);
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
