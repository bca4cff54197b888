import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMetric } from '../lib/format.js';
import { lineColours } from '../lib/colours.js';
import type { Line } from './line.js';
import { SeriesTable } from './series-table.js';

interface TimeChartProps {
  caption: string;
  metric: string;
  lines: Line[];
  tz: string;
}

/**
 * A uPlot line chart with its table view (every chart has a table alternative:
 * docs/dashboard.md#states-layouts-and-accessibility).
 */
export function TimeChart({ caption, metric, lines, tz }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const xs = lines[0]?.points.map((p) => Date.parse(p.t) / 1000) ?? [];

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const colours = lineColours(lines);
    const data: uPlot.AlignedData = [xs, ...lines.map((l) => xs.map((_, i) => l.points[i]?.value ?? null))];
    const plot = new uPlot(
      {
        width: Math.max(el.clientWidth, 280),
        height: 240,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), tz),
        legend: { show: lines.length > 1 },
        cursor: { drag: { x: false, y: false } },
        scales: { y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        axes: [{}, { values: (_u, ticks) => ticks.map((v) => formatMetric(metric, v)), size: 60 }],
        series: [
          {},
          ...lines.map((l, i) => ({
            label: l.label,
            stroke: colours[i],
            dash: l.dashed ? [6, 4] : undefined,
            width: 2,
            fill: i === 0 && !l.dashed ? 'rgba(59,91,219,0.08)' : undefined,
            value: (_u: uPlot, v: number | null) => formatMetric(metric, v),
          })),
        ],
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(el.clientWidth, 280), height: 240 }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [lines, metric, tz]);

  return (
    <figure class="chart">
      <div ref={box} class="chart-box" role="img" aria-label={caption} />
      <details class="chart-table">
        <summary>Table view</summary>
        <SeriesTable caption={caption} metric={metric} lines={lines} tz={tz} />
      </details>
    </figure>
  );
}
