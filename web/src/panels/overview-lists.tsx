import { useState } from 'preact/hooks';
import { exportUrl } from '../lib/read-params.js';
import type { Overview, ValueRow } from '../lib/types.js';
import type { Read } from '../lib/use-read.js';
import { type View, withFilter } from '../lib/view.js';
import { Panel, Show } from '../ui/panel.js';
import { RankTable } from '../ui/rank-table.js';

const LISTS = [
  { list: 'operators', label: 'Operators', dimension: 'operator' },
  { list: 'purposes', label: 'Purposes', dimension: 'purpose' },
  { list: 'verified_by', label: 'Verifications', dimension: 'verified_by' },
] as const;

/** How each method verified: the overview's shares per method, as rows (a method with none shows 0 %). */
function rowsOf(o: Overview, list: (typeof LISTS)[number]['list']): ValueRow[] {
  if (list !== 'verified_by') return o[list] ?? [];
  return Object.entries(o.verified_by ?? {}).map(([value, share]) => ({ value, share: share ?? 0 }));
}

/** Operators, purposes and verification methods come with the agent overview: no read of their own. */
export function OverviewLists({
  read,
  view,
  set,
}: {
  read: Read<Overview>;
  view: View;
  set: (v: View) => void;
}) {
  const [shown, setShown] = useState(0);
  const spec = LISTS[shown]!;
  const csv = exportUrl('agents/breakdown', view, { compare: false, extra: { dimension: spec.dimension } });
  return (
    <Panel title="Operators and purposes" csv={csv}>
      <div class="subtabs" role="group" aria-label="Operators, purposes or verifications">
        {LISTS.map((l, i) => (
          <button key={l.list} type="button" aria-pressed={i === shown} onClick={() => setShown(i)}>
            {l.label}
          </button>
        ))}
      </div>
      <Show read={read} empty="No fetches in this window." isEmpty={(o) => rowsOf(o, spec.list).length === 0}>
        {(o) => (
          <RankTable
            caption={spec.label}
            rows={rowsOf(o, spec.list)}
            name={(r) => r.value}
            nameLabel={spec.label.slice(0, -1)}
            bar={(r) => (spec.list === 'verified_by' ? (r.share ?? 0) : (r.fetches ?? 0))}
            onPick={(r) => r.value !== null && set(withFilter(view, spec.dimension, r.value))}
            columns={
              spec.list === 'verified_by'
                ? [{ key: 'share', label: 'Share of fetches' }]
                : [{ key: 'fetches' }, { key: 'bytes' }, { key: 'share', label: 'Share' }]
            }
          />
        )}
      </Show>
    </Panel>
  );
}
