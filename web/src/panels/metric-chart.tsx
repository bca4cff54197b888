import { metricLabel } from '../lib/format.js';
import { exportUrl, readUrl } from '../lib/read-params.js';
import type { Bucket, Timeseries } from '../lib/types.js';
import { useRead } from '../lib/use-read.js';
import type { View } from '../lib/view.js';
import { Panel, Show } from '../ui/panel.js';
import type { Line } from '../ui/line.js';
import { TimeChart } from '../ui/time-chart.js';

/** `/api/agents/timeseries` adds the top agents' own series. */
interface Series extends Timeseries {
  agents?: { agent_id: string; series: Bucket[] }[];
}

/** The view's metric over time with the comparison line; per agent too where the read gives it. */
export function MetricChart({
  path,
  report,
  view,
  tz,
}: {
  path: string;
  report: string;
  view: View;
  tz: string;
}) {
  const opts = { extra: { metric: view.metric } };
  const read = useRead<Series>(readUrl(path, view, opts));
  const label = metricLabel(view.metric);
  return (
    <Panel title={`${label} over time`} csv={exportUrl(report, view, opts)} wide>
      <Show
        read={read}
        empty="Nothing in this window yet."
        isEmpty={(d) => ![...d.series, ...(d.comparison ?? [])].some((b) => b.value)}
      >
        {(d) => {
          const lines: Line[] = [{ label, points: d.series }];
          if (d.comparison)
            lines.push({ label: `${label} (comparison)`, points: d.comparison, dashed: true });
          for (const a of d.agents ?? []) lines.push({ label: a.agent_id, points: a.series });
          return <TimeChart caption={`${label} over time`} metric={view.metric} lines={lines} tz={tz} />;
        }}
      </Show>
    </Panel>
  );
}
