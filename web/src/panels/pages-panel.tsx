import { formatDuration, formatPercent } from '../lib/format.js';
import { exportUrl, readUrl } from '../lib/read-params.js';
import { useRead } from '../lib/use-read.js';
import { type View, withFilter } from '../lib/view.js';
import { Panel, Show } from '../ui/panel.js';
import { RankTable } from '../ui/rank-table.js';

interface PageRow {
  pathname: string;
  visitors: number;
  pageviews: number;
  entries: number;
  exits: number;
  scroll_depth?: number;
  time_on_page?: number;
}

const dash = (v: number | undefined, f: (n: number) => string) => (v === undefined ? '\u2014' : f(v));

export function PagesPanel({ view, set }: { view: View; set: (v: View) => void }) {
  const read = useRead<PageRow[]>(
    readUrl('/api/stats/pages', view, { compare: false, extra: { limit: 10 } }),
  );
  return (
    <Panel title="Pages" csv={exportUrl('pages', view, { compare: false })}>
      <Show read={read} empty="No pageviews in this window.">
        {(rows) => (
          <RankTable
            caption="Top pages"
            rows={rows}
            name={(r) => r.pathname}
            nameLabel="Page"
            bar={(r) => r.visitors}
            onPick={(r) => set(withFilter(view, 'pathname', r.pathname))}
            columns={[
              { key: 'visitors' },
              { key: 'pageviews' },
              { key: 'entries', label: 'Entries' },
              { key: 'exits', label: 'Exits' },
              { key: 'scroll_depth', label: 'Scroll', render: (r) => dash(r.scroll_depth, formatPercent) },
              { key: 'time_on_page', label: 'Time', render: (r) => dash(r.time_on_page, formatDuration) },
            ]}
          />
        )}
      </Show>
    </Panel>
  );
}
