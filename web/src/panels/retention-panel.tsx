import { formatPercent } from '../lib/format.js';
import { exportUrl, readUrl } from '../lib/read-params.js';
import { useRead } from '../lib/use-read.js';
import type { View } from '../lib/view.js';
import { Panel, Show } from '../ui/panel.js';

interface Retention {
  cohorts: { cohort: string; visitors: number; periods: number[] }[];
  covered: number;
  anonymous_left_out: number;
}

/**
 * The cohort grid of identified visitors, by week; anonymous ones cannot be followed
 * (docs/api.md#get-apistatsretention).
 */
export function RetentionPanel({ view, tz }: { view: View; tz: string }) {
  const opts = { compare: false, extra: { granularity: 'week' } };
  const read = useRead<Retention>(readUrl('/api/stats/retention', view, opts));
  return (
    <Panel title="Retention (weekly)" csv={exportUrl('retention', view, opts)}>
      <Show
        read={read}
        empty={
          <>
            No identified visitors to follow: call <code>twofold.identify(id)</code> once people sign in.
          </>
        }
        isEmpty={(r) => r.cohorts.length === 0}
      >
        {(r) => {
          const width = Math.max(...r.cohorts.map((c) => c.periods.length));
          return (
            <>
              <p class="muted">
                {r.covered} identified visitors followed; {r.anonymous_left_out} anonymous left out.
              </p>
              <div class="table-wrap">
                <table class="retention">
                  <caption class="sr-only">Percent of each weekly cohort returning in later weeks</caption>
                  <thead>
                    <tr>
                      <th scope="col">Week of</th>
                      <th scope="col" class="num">
                        People
                      </th>
                      {Array.from({ length: width }, (_, i) => (
                        <th scope="col" class="num" key={i}>
                          {i === 0 ? 'Week 0' : `+${i}`}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {r.cohorts.map((c) => (
                      <tr key={c.cohort}>
                        <th scope="row">
                          {new Date(c.cohort).toLocaleDateString(undefined, { timeZone: tz })}
                        </th>
                        <td class="num">{c.visitors}</td>
                        {c.periods.map((p, i) => (
                          <td class="num" key={i} style={{ background: `rgba(59, 91, 219, ${p / 200})` }}>
                            {formatPercent(p)}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          );
        }}
      </Show>
    </Panel>
  );
}
