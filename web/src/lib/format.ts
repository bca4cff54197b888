/** How figures read on the dashboard: short, with the unit each metric has. */
const COMPACT = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const PLAIN = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** 950 → "950", 1234 → "1.2K", 2500000 → "2.5M"; small figures keep up to two decimals. */
export function formatNumber(n: number): string {
  return Math.abs(n) < 10_000 ? PLAIN.format(n) : COMPACT.format(n);
}

/** Seconds as "45s", "3m 05s", "2h 04m", "3d 07h". */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (s < 3600) return `${Math.floor(s / 60)}m ${pad(s % 60)}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${pad(Math.floor((s % 3600) / 60))}m`;
  return `${Math.floor(s / 86_400)}d ${pad(Math.floor((s % 86_400) / 3600))}h`;
}

const BYTE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;

/** Decimal units, as transfer sizes are usually quoted: 1500 → "1.5 kB". */
export function formatBytes(bytes: number): string {
  let v = bytes;
  let unit = 0;
  while (Math.abs(v) >= 1000 && unit < BYTE_UNITS.length - 1) {
    v /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? v : v.toFixed(v < 10 ? 1 : 0)} ${BYTE_UNITS[unit]}`;
}

export function formatPercent(p: number): string {
  return `${PLAIN.format(Math.round(p * 10) / 10)}%`;
}

/** A change in percent with its sign: "+12.5%", "−3%" (a true minus), "0%". */
export function formatChange(p: number): string {
  const v = formatPercent(Math.abs(p));
  return p > 0 ? `+${v}` : p < 0 ? `\u2212${v}` : v;
}

const PERCENT_METRICS = new Set(['bounce_rate', 'verified_share', 'share', 'conversion_rate']);
const DURATION_METRICS = new Set(['visit_duration', 'time_on_page']);

/** A metric's value in its own unit; an absent figure (rule 1: not computable) shows as a dash. */
export function formatMetric(metric: string, value: number | null | undefined): string {
  if (value === null || value === undefined) return '\u2014';
  if (PERCENT_METRICS.has(metric)) return formatPercent(value);
  if (DURATION_METRICS.has(metric)) return formatDuration(value);
  if (metric === 'bytes') return formatBytes(value);
  return formatNumber(value);
}

const LOWER_IS_BETTER = new Set(['bounce_rate', 'forged_signatures']);

/** For a metric where lower is better (bounce rate, forged signatures), a rise is bad news. */
export function changeIsGood(metric: string, change: number): boolean {
  return LOWER_IS_BETTER.has(metric) ? change < 0 : change > 0;
}

const LABELS: Record<string, string> = {
  visitors: 'Visitors',
  sessions: 'Sessions',
  pageviews: 'Pageviews',
  bounce_rate: 'Bounce rate',
  visit_duration: 'Visit duration',
  views_per_session: 'Views per session',
  fetches: 'Fetches',
  agents: 'Agents',
  verified_share: 'Verified share',
  forged_signatures: 'Forged signatures',
  bytes: 'Bytes',
};

export function metricLabel(metric: string): string {
  return LABELS[metric] ?? metric.replace(/_/g, ' ');
}

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** A country code as its English name ("DE" → "Germany"); a code Intl does not know stays as is. */
export function countryName(code: string): string {
  try {
    return REGIONS.of(code) ?? code;
  } catch {
    return code; // not a well-formed region code
  }
}
