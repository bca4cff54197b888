import { changeIsGood, formatChange, formatMetric, metricLabel } from '../lib/format.js';
import { figure, type Overview } from '../lib/types.js';
import type { Metric } from '../lib/view.js';

interface StatCardsProps {
  overview: Overview;
  metrics: readonly Metric[];
  selected: Metric;
  onSelect: (metric: Metric) => void;
}

/** The overview's figures with their change; each one picks the chart's metric. */
export function StatCards({ overview, metrics, selected, onSelect }: StatCardsProps) {
  return (
    <div class="stats" role="group" aria-label="Top stats (choose the chart’s metric)">
      {metrics.map((m) => {
        const change = overview.change?.[m];
        const before = overview.comparison?.[m];
        return (
          <button
            key={m}
            type="button"
            class="stat"
            aria-pressed={selected === m}
            data-metric={m}
            onClick={() => onSelect(m)}
          >
            <span class="stat-label">{metricLabel(m)}</span>
            <span class="stat-value">{formatMetric(m, figure(overview, m))}</span>
            {change !== undefined && (
              <span class={changeIsGood(m, change) ? 'change good' : change === 0 ? 'change' : 'change bad'}>
                {formatChange(change)}
              </span>
            )}
            {overview.comparison && <span class="stat-before">was {formatMetric(m, before)}</span>}
          </button>
        );
      })}
    </div>
  );
}
