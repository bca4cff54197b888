import { exportUrl, readUrl } from '../lib/read-params.js';
import { useRead } from '../lib/use-read.js';
import type { View } from '../lib/view.js';
import { Panel, Show } from '../ui/panel.js';
import { RankTable } from '../ui/rank-table.js';

interface ErrorGroup {
  fingerprint: string;
  message: string;
  top_frame?: { file: string; function?: string; line?: number };
  count: number;
  sessions: number;
  last_seen: string;
}

function place(e: ErrorGroup): string {
  const f = e.top_frame;
  if (!f) return '';
  const file = f.file.split('/').pop() ?? f.file;
  return `${f.function ? `${f.function} ` : ''}${file}${f.line ? `:${f.line}` : ''}`;
}

export function ErrorsPanel({ view }: { view: View }) {
  const read = useRead<ErrorGroup[]>(
    readUrl('/api/stats/errors', view, { compare: false, extra: { limit: 10 } }),
  );
  return (
    <Panel title="Errors" csv={exportUrl('errors', view, { compare: false })}>
      <Show read={read} empty="No script errors in people’s browsers in this window.">
        {(rows) => (
          <RankTable
            caption="Script errors by fingerprint"
            rows={rows}
            name={(e) => e.message}
            nameLabel="Error"
            columns={[
              { key: 'place', label: 'Where', render: place },
              { key: 'count', label: 'Hits', render: (e) => e.count },
              { key: 'sessions', label: 'Sessions', render: (e) => e.sessions },
              { key: 'last_seen', label: 'Last', render: (e) => new Date(e.last_seen).toLocaleString() },
            ]}
          />
        )}
      </Show>
    </Panel>
  );
}
