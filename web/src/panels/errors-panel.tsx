import { formatDuration, formatNumber } from '../lib/format.js';
import { exportUrl, readUrl } from '../lib/read-params.js';
import type { Bucket } from '../lib/types.js';
import { useRead } from '../lib/use-read.js';
import type { View } from '../lib/view.js';
import { Panel, Show } from '../ui/panel.js';
import { RankTable } from '../ui/rank-table.js';
import { SeriesTable } from '../ui/series-table.js';
import { Sparkline } from '../ui/sparkline.js';

interface ErrorGroup {
  fingerprint: string;
  message: string;
  top_frame?: { file: string; function?: string; line?: number };
  count: number;
  sessions: number;
  last_seen: string;
  /** Hits per bucket of the window. */
  series: Bucket[];
}

function place(e: ErrorGroup): string {
  const f = e.top_frame;
  if (!f) return '';
  const file = f.file.split('/').pop() ?? f.file;
  return `${f.function ? `${f.function} ` : ''}${file}${f.line ? `:${f.line}` : ''}`;
}

const short = (message: string) => (message.length > 40 ? `${message.slice(0, 39)}…` : message);

function trend(e: ErrorGroup): string {
  return `Hits per bucket: ${e.series.map((b) => formatNumber(b.value ?? 0)).join(', ')}`;
}

export function ErrorsPanel({ view, tz }: { view: View; tz: string }) {
  const read = useRead<ErrorGroup[]>(
    readUrl('/api/stats/errors', view, { compare: false, extra: { limit: 10 } }),
  );
  return (
    <Panel title="Errors" csv={exportUrl('errors', view, { compare: false })}>
      <Show read={read} empty="No script errors in people’s browsers in this window.">
        {(rows) => (
          <>
            <RankTable
              caption="Script errors by fingerprint"
              rows={rows}
              name={(e) => e.message}
              nameLabel="Error"
              wrap
              detail={place}
              columns={[
                { key: 'count', label: 'Hits', render: (e) => e.count },
                { key: 'sessions', label: 'Sessions', render: (e) => e.sessions },
                {
                  key: 'series',
                  label: 'Trend',
                  text: true,
                  render: (e) => <Sparkline points={e.series} label={trend(e)} />,
                },
                {
                  key: 'last_seen',
                  label: 'Last',
                  render: (e) => `${formatDuration((Date.now() - Date.parse(e.last_seen)) / 1000)} ago`,
                },
              ]}
            />
            <details class="chart-table">
              <summary>Table view of the trends</summary>
              <SeriesTable
                caption="Error hits per bucket"
                metric="count"
                tz={tz}
                lines={rows.map((e) => ({ label: short(e.message), points: e.series }))}
              />
            </details>
          </>
        )}
      </Show>
    </Panel>
  );
}
