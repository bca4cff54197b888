import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import type { Bucket } from '../lib/types.js';

const WIDTH = 120;
const HEIGHT = 28;

/** A row's trend at a glance: tiny uPlot bars without axes; its figures are in a table beside it. */
export function Sparkline({ points, label }: { points: Bucket[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const plot = new uPlot(
      {
        width: WIDTH,
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        axes: [{ show: false }, { show: false }],
        scales: {
          x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
          y: { range: (_u, _min, max) => [0, max > 0 ? max : 1] },
        },
        // Bars, not a line: hits are counts per bucket, and a lone bucket stays visible as one bar.
        series: [
          {},
          {
            stroke: '#c92a2a',
            fill: 'rgba(201,42,42,0.6)',
            width: 0,
            paths: uPlot.paths.bars!({ size: [0.8, 8] }),
            points: { show: false },
          },
        ],
      },
      [points.map((_, i) => i), points.map((p) => p.value ?? 0)],
      el,
    );
    return () => plot.destroy();
  }, [points]);
  return <div ref={box} class="sparkline" role="img" aria-label={label} />;
}
