import { useEffect, useRef, useState } from 'preact/hooks';

export interface Flow {
  from: string;
  to: string;
  flow: number;
}

interface SankeyChartProps {
  caption: string;
  flows: Flow[];
  /** A node's text (a path) and its column (the step), by node id. */
  labels: Record<string, string>;
  columns: Record<string, number>;
}

/** Chart.js and its Sankey type are loaded on first use only: no other panel needs them. */
const loadChart = () => import('./sankey-lib.js').then((m) => m.Chart);

/** Flows between nodes as bands as wide as their sessions (chartjs-chart-sankey on a canvas). */
export function SankeyChart({ caption, flows, labels, columns }: SankeyChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let live = true;
    loadChart().then(
      (Chart) => {
        if (!live || !canvas.current) return;
        chart = new Chart(canvas.current, {
          type: 'sankey',
          data: {
            datasets: [
              {
                label: caption,
                data: flows,
                labels,
                column: columns,
                colorFrom: '#3b5bdb',
                colorTo: '#1098ad',
                colorMode: 'gradient',
                alpha: 0.4,
                nodeWidth: 8,
                size: 'max',
              },
            ],
          },
          options: { responsive: true, maintainAspectRatio: false, animation: false },
        });
      },
      (err: unknown) => live && setError(`The chart could not be loaded: ${String(err)}`),
    );
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [flows, labels, columns, caption]);
  if (error) return <p class="error">{error}</p>;
  return (
    <div class="sankey-box">
      <canvas ref={canvas} role="img" aria-label={caption} />
    </div>
  );
}
