import { describe, expect, it } from 'vitest';
import { errorFromResponse } from '../../web/src/lib/api.js';
import { lineColours } from '../../web/src/lib/colours.js';
import { funnelSteps, goalBody } from '../../web/src/lib/definitions.js';
import {
  changeIsGood,
  countryName,
  formatBytes,
  formatChange,
  formatDuration,
  formatMetric,
  formatNumber,
  formatPercent,
} from '../../web/src/lib/format.js';
import { exportUrl, readParams } from '../../web/src/lib/read-params.js';
import { viewFromUrl, withFilter } from '../../web/src/lib/view.js';
import { formatVital, rate } from '../../web/src/lib/vitals.js';
import { dayOf, daysWindow, lastDayOf } from '../../web/src/lib/zoned-days.js';

describe('figures on the dashboard', () => {
  it('shows counts in full below 10,000 and compact above', () => {
    expect([0, 950, 1.5, 9999, 12_345, 2_500_000].map(formatNumber)).toEqual([
      '0',
      '950',
      '1.5',
      '9,999',
      '12.3K',
      '2.5M',
    ]);
  });

  it('shows durations as seconds, minutes and hours', () => {
    expect([0, 44.6, 65, 3599, 7440, 86_400, 273_600].map(formatDuration)).toEqual([
      '0s',
      '45s',
      '1m 05s',
      '59m 59s',
      '2h 04m',
      '1d 00h',
      '3d 04h',
    ]);
  });

  it('names countries by their code, and leaves what is no country code as it came', () => {
    expect(['DE', 'GB', 'XX', 'not a code', ''].map(countryName)).toEqual([
      'Germany',
      'United Kingdom',
      'XX',
      'not a code',
      '',
    ]);
  });

  it('gives the total and five agents six colours apart, the comparison and other their greys', () => {
    const lines = [
      { label: 'Fetches' },
      { label: 'Fetches (comparison)', dashed: true },
      ...['gptbot', 'claudebot', 'ccbot', 'perplexitybot', 'googlebot'].map((label) => ({ label })),
      { label: 'other' },
    ];
    const colours = lineColours(lines);
    expect(colours[1]).toBe('#adb5bd');
    expect(colours[7]).toBe('#868e96');
    const solid = [colours[0], ...colours.slice(2, 7)];
    expect(new Set([...solid, colours[1], colours[7]]).size).toBe(8);
  });

  it('shows bytes in decimal units', () => {
    expect([0, 999, 1500, 25_000, 3_200_000, 7e12].map(formatBytes)).toEqual([
      '0 B',
      '999 B',
      '1.5 kB',
      '25 kB',
      '3.2 MB',
      '7.0 TB',
    ]);
  });

  it('shows percents to one decimal and changes with their sign', () => {
    expect(formatPercent(33.333)).toBe('33.3%');
    expect([12.5, -3, 0].map(formatChange)).toEqual(['+12.5%', '\u22123%', '0%']);
  });

  it('formats each metric in its unit and an absent figure as a dash, never 0', () => {
    expect(formatMetric('bounce_rate', 50)).toBe('50%');
    expect(formatMetric('visit_duration', 375)).toBe('6m 15s');
    expect(formatMetric('bytes', 2048)).toBe('2.0 kB');
    expect(formatMetric('views_per_session', 1.5)).toBe('1.5');
    expect(formatMetric('visitors', undefined)).toBe('\u2014');
  });

  it('counts a falling bounce rate as good news, a falling visitor count as bad', () => {
    expect([changeIsGood('bounce_rate', -10), changeIsGood('visitors', -10)]).toEqual([true, false]);
  });
});

describe('the read envelope of a view', () => {
  const view = withFilter(viewFromUrl(4, '?range=7d&compare=previous&tz=UTC'), 'channel', 'answer_engine');

  it('carries site, window, comparison, zone, filters and audience', () => {
    expect(
      Object.fromEntries(readParams(view, { extra: { metric: 'pageviews', limit: undefined } })),
    ).toEqual({
      site: '4',
      range: '7d',
      compare: 'previous',
      tz: 'UTC',
      filters: '[{"dimension":"channel","op":"is","value":"answer_engine"}]',
      audience: 'human',
      metric: 'pageviews',
    });
  });

  it('leaves out compare and the filters a one-window, both-readership read refuses', () => {
    const q = readParams(withFilter(view, 'pathname', '/a'), {
      audience: 'all',
      compare: false,
      dimensions: ['pathname'],
    });
    expect(q.get('compare')).toBeNull();
    expect(q.get('filters')).toBe('[{"dimension":"pathname","op":"is","value":"/a"}]');
    expect(q.get('audience')).toBe('all');
  });

  it('names the report on the export', () => {
    expect(exportUrl('pages', view, { compare: false }, 'pdf')).toMatch(
      /^\/api\/stats\/export\.pdf\?site=4&range=7d&tz=UTC&filters=.+&audience=human&report=pages$/,
    );
  });
});

describe('custom windows in the site’s time zone', () => {
  it('turns local days into a half-open UTC window, across a DST change', () => {
    expect(daysWindow('2026-03-28', '2026-03-29', 'Europe/Berlin')).toEqual({
      start: '2026-03-27T23:00:00.000Z',
      end: '2026-03-29T22:00:00.000Z',
    });
    expect(daysWindow('2026-01-01', '2026-01-01', 'Asia/Kathmandu').start).toBe('2025-12-31T18:15:00.000Z');
    expect(lastDayOf('2026-03-29T22:00:00.000Z', 'Europe/Berlin')).toBe('2026-03-29');
    expect(dayOf('2026-03-27T23:00:00.000Z', 'Europe/Berlin')).toBe('2026-03-28');
  });
});

describe('API errors as a person reads them', () => {
  it('names the field when the message does not', () => {
    const e = errorFromResponse(400, {
      error: { code: 'validation_error', message: 'not an IANA time zone name', field: 'timezone' },
    });
    expect([e.message, e.status, e.code, e.field]).toEqual([
      'timezone: not an IANA time zone name',
      400,
      'validation_error',
      'timezone',
    ]);
  });

  it('falls back on the status for a body without an envelope', () => {
    expect(errorFromResponse(401, null).message).toBe('Please log in again.');
    expect(errorFromResponse(502, '<html>').message).toBe('The server answered 502.');
  });
});

describe('goals and funnels as typed on /sites', () => {
  it('reads a path as a path goal and anything else as an event goal with its currency', () => {
    expect(goalBody(3, ' /thanks ', 'eur')).toEqual({ site: 3, path: '/thanks' });
    expect(goalBody(3, 'Purchase', 'eur')).toEqual({ site: 3, event: 'Purchase', currency: 'EUR' });
    expect(goalBody(3, 'Signup', ' ')).toEqual({ site: 3, event: 'Signup' });
  });

  it('reads one funnel step per line, blank lines skipped', () => {
    expect(funnelSteps('/\n\n /pricing \nSignup\n')).toEqual([
      { path: '/' },
      { path: '/pricing' },
      { event: 'Signup' },
    ]);
  });
});

describe('Web Vitals ratings', () => {
  it('rates at the published thresholds, the threshold itself still good or needing improvement', () => {
    expect([rate('lcp', 2500), rate('lcp', 2501), rate('lcp', 4000), rate('lcp', 4001)]).toEqual([
      'good',
      'needs-improvement',
      'needs-improvement',
      'poor',
    ]);
    expect([rate('cls', 0.05), rate('cls', 0.3), rate('inp', 200), rate('ttfb', 900)]).toEqual([
      'good',
      'poor',
      'good',
      'needs-improvement',
    ]);
    expect([formatVital('cls', 0.123), formatVital('lcp', 950), formatVital('lcp', 2500)]).toEqual([
      '0.12',
      '950 ms',
      '2.50 s',
    ]);
  });
});
