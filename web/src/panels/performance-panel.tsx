import { exportUrl, readUrl } from '../lib/read-params.js';
import { useRead } from '../lib/use-read.js';
import type { View } from '../lib/view.js';
import { formatVital, rate, type Vital, VITALS } from '../lib/vitals.js';
import { Panel, Show } from '../ui/panel.js';

interface Percentiles {
  p50: number;
  p75: number;
  p95: number;
  samples: number;
}
type VitalsRow = { samples: number } & Partial<Record<Vital, Percentiles>>;

const RATING_LABEL = { good: 'good', 'needs-improvement': 'needs improvement', poor: 'poor' } as const;
const VITAL_NAMES = Object.keys(VITALS) as Vital[];
const PERCENTILES = ['p50', 'p75', 'p95'] as const;

function Cell({ vital, value }: { vital: Vital; value: number }) {
  const rating = rate(vital, value);
  return (
    <td class="num">
      <span class={rating === 'good' ? 'good-vital' : rating}>{formatVital(vital, value)}</span>
      <span class="sr-only"> ({RATING_LABEL[rating]})</span>
    </td>
  );
}

/** Web Vitals at p50, p75 and p95, each coloured good, needs improvement or poor. */
export function PerformancePanel({ view }: { view: View }) {
  const read = useRead<{ overall: VitalsRow }>(
    readUrl('/api/stats/performance', view, { compare: false, extra: { limit: 5 } }),
  );
  return (
    <Panel title="Performance (Web Vitals)" csv={exportUrl('performance', view, { compare: false })}>
      <Show
        read={read}
        empty="No Web Vitals measured in this window yet."
        isEmpty={(d) => d.overall.samples === 0}
      >
        {(d) => (
          <div class="table-wrap">
            <table>
              <caption class="sr-only">Web Vitals percentiles</caption>
              <thead>
                <tr>
                  <th scope="col">Vital</th>
                  {PERCENTILES.map((k) => (
                    <th scope="col" class="num" key={k}>
                      {k}
                    </th>
                  ))}
                  <th scope="col" class="num">
                    Samples
                  </th>
                </tr>
              </thead>
              <tbody>
                {VITAL_NAMES.map((v) => {
                  const p = d.overall[v];
                  return (
                    <tr key={v}>
                      <th scope="row">
                        <abbr title={VITALS[v].label}>{v.toUpperCase()}</abbr>
                      </th>
                      {p ? (
                        <>
                          {PERCENTILES.map((k) => (
                            <Cell key={k} vital={v} value={p[k]} />
                          ))}
                          <td class="num">{p.samples}</td>
                        </>
                      ) : (
                        <td colSpan={4} class="muted">
                          not measured
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Show>
    </Panel>
  );
}
