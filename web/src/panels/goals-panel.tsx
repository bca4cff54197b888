import { formatChange, formatNumber } from '../lib/format.js';
import { exportUrl, readUrl } from '../lib/read-params.js';
import { useRead } from '../lib/use-read.js';
import type { View } from '../lib/view.js';
import { SetupLink } from '../ui/link.js';
import { Panel, Show } from '../ui/panel.js';
import { RankTable } from '../ui/rank-table.js';

interface GoalRow {
  id: number;
  name: string;
  visitors: number;
  conversions: number;
  conversion_rate?: number;
  revenue?: { total: number; currency: string };
  /** With `compare`: percent change of each figure, absent where it cannot be computed. */
  change?: { visitors?: number };
}

export function GoalsPanel({ view }: { view: View }) {
  const read = useRead<GoalRow[]>(readUrl('/api/stats/goals', view));
  const compared = view.compare !== 'none';
  return (
    <Panel title="Goals" csv={exportUrl('goals', view)}>
      <Show
        read={read}
        empty={
          <>
            No goals yet. <SetupLink view={view}>Add a goal</SetupLink> for an event or a page.
          </>
        }
      >
        {(rows) => (
          <RankTable
            caption="Goal conversions"
            rows={rows}
            name={(r) => r.name}
            nameLabel="Goal"
            bar={(r) => r.visitors}
            columns={[
              { key: 'visitors' },
              { key: 'conversions', label: 'Conversions' },
              { key: 'conversion_rate', label: 'Rate' },
              ...(compared
                ? [
                    {
                      key: 'change',
                      label: 'Change',
                      render: (r: GoalRow) =>
                        r.change?.visitors === undefined ? '\u2014' : formatChange(r.change.visitors),
                    },
                  ]
                : []),
              {
                key: 'revenue',
                label: 'Revenue',
                render: (r) =>
                  r.revenue ? `${formatNumber(r.revenue.total)} ${r.revenue.currency}` : '\u2014',
              },
            ]}
          />
        )}
      </Show>
    </Panel>
  );
}
