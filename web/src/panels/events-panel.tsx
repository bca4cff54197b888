import { exportUrl, readUrl } from '../lib/read-params.js';
import type { ValueRow } from '../lib/types.js';
import { useRead } from '../lib/use-read.js';
import { type View, withFilter } from '../lib/view.js';
import { Panel, Show } from '../ui/panel.js';
import { RankTable } from '../ui/rank-table.js';

export function EventsPanel({ view, set }: { view: View; set: (v: View) => void }) {
  const read = useRead<ValueRow[]>(
    readUrl('/api/stats/events', view, { compare: false, extra: { limit: 10 } }),
  );
  return (
    <Panel title="Events" csv={exportUrl('events', view, { compare: false })}>
      <Show
        read={read}
        empty={
          <>
            No custom events yet: call <code>twofold('Signup')</code> on your pages.
          </>
        }
      >
        {(rows) => (
          <RankTable
            caption="Custom events"
            rows={rows}
            name={(r) => r.value}
            nameLabel="Event"
            bar={(r) => r.visitors ?? 0}
            onPick={(r) => r.value !== null && set(withFilter(view, 'name', r.value))}
            columns={[{ key: 'visitors' }, { key: 'events', label: 'Events' }]}
          />
        )}
      </Show>
    </Panel>
  );
}
