import { formatChange } from '../lib/format.js';
import { exportUrl, readUrl, SHARED_DIMENSIONS } from '../lib/read-params.js';
import { useRead } from '../lib/use-read.js';
import { type View, withFilter } from '../lib/view.js';
import { Panel, Show } from '../ui/panel.js';
import { RankTable } from '../ui/rank-table.js';

interface DecayRow {
  pathname: string;
  pageviews: number;
  pageviews_before: number;
  pageviews_change: number;
  fetches: number;
  fetches_before: number;
}

const DECAY = { audience: 'all', compare: false, dimensions: SHARED_DIMENSIONS } as const;

/** Pages people left while machines kept reading them, against the previous window. */
export function ContentDecay({ view, set }: { view: View; set: (v: View) => void }) {
  const read = useRead<DecayRow[]>(readUrl('/api/content/decay', view, { ...DECAY, extra: { limit: 10 } }));
  return (
    <Panel title="Content decay" csv={exportUrl('content/decay', view, DECAY)}>
      <Show read={read} empty="No page lost its readers while agents kept fetching it.">
        {(rows) => (
          <RankTable
            caption="Content decay"
            rows={rows}
            name={(r) => r.pathname}
            nameLabel="Page"
            onPick={(r) => set(withFilter(view, 'pathname', r.pathname))}
            columns={[
              { key: 'pageviews', render: (r) => `${r.pageviews_before} → ${r.pageviews}` },
              { key: 'pageviews_change', label: 'Change', render: (r) => formatChange(r.pageviews_change) },
              { key: 'fetches', render: (r) => `${r.fetches_before} → ${r.fetches}` },
            ]}
          />
        )}
      </Show>
    </Panel>
  );
}
