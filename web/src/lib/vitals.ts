/** Web Vitals thresholds at p75, as web.dev publishes them: good up to the first, poor above the second. */
export const VITALS = {
  lcp: { label: 'Largest Contentful Paint', good: 2500, poor: 4000, unit: 'ms' },
  inp: { label: 'Interaction to Next Paint', good: 200, poor: 500, unit: 'ms' },
  cls: { label: 'Cumulative Layout Shift', good: 0.1, poor: 0.25, unit: '' },
  fcp: { label: 'First Contentful Paint', good: 1800, poor: 3000, unit: 'ms' },
  ttfb: { label: 'Time to First Byte', good: 800, poor: 1800, unit: 'ms' },
} as const;
export type Vital = keyof typeof VITALS;
export type Rating = 'good' | 'needs-improvement' | 'poor';

export function rate(vital: Vital, value: number): Rating {
  const t = VITALS[vital];
  return value <= t.good ? 'good' : value <= t.poor ? 'needs-improvement' : 'poor';
}

export function formatVital(vital: Vital, value: number): string {
  return vital === 'cls'
    ? value.toFixed(2)
    : value >= 1000
      ? `${(value / 1000).toFixed(2)} s`
      : `${Math.round(value)} ms`;
}
