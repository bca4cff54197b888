import { useState } from 'preact/hooks';
import { exportUrl, readUrl } from '../lib/read-params.js';
import type { ValueRow } from '../lib/types.js';
import { useRead } from '../lib/use-read.js';
import { type View, withFilter } from '../lib/view.js';
import { Panel, Show } from '../ui/panel.js';
import { RankTable } from '../ui/rank-table.js';

export interface ListSpec {
  /** The field of the read's `data`. */
  list: string;
  label: string;
  /** The filter dimension a row of this list adds. */
  dimension: string;
  /** How a value reads (a country code as its name). */
  display?: (value: string) => string;
  /** What a row without a value means here ("(no campaign)"). */
  none?: string;
  /** Said under the list when no row has a value (what the service needs to know them). */
  allUnknown?: string;
}

interface ListsPanelProps {
  title: string;
  /** The read (`/api/stats/sources`, …) and its export report name. */
  path: string;
  report: string;
  lists: readonly ListSpec[];
  view: View;
  set: (v: View) => void;
  empty: string;
}

/** A read of several ranked lists (channels › sources › campaigns, …), one shown at a time. */
export function ListsPanel({ title, path, report, lists, view, set, empty }: ListsPanelProps) {
  const [shown, setShown] = useState(0);
  const read = useRead<Record<string, ValueRow[]>>(
    readUrl(path, view, { compare: false, extra: { limit: 10 } }),
  );
  const spec = lists[shown]!;
  return (
    <Panel title={title} csv={exportUrl(report, view, { compare: false })}>
      <div class="subtabs" role="group" aria-label={`${title} lists`}>
        {lists.map((l, i) => (
          <button key={l.list} type="button" aria-pressed={i === shown} onClick={() => setShown(i)}>
            {l.label}
          </button>
        ))}
      </div>
      <Show read={read} empty={empty} isEmpty={(d) => (d[spec.list] ?? []).length === 0}>
        {(d) => (
          <>
            <RankTable
              caption={`${title}: ${spec.label}`}
              rows={d[spec.list] ?? []}
              name={(r) => r.value}
              nameLabel={spec.label}
              display={spec.display}
              none={spec.none}
              columns={[{ key: 'visitors' }, { key: 'pageviews' }]}
              bar={(r) => r.visitors ?? 0}
              onPick={(r) => r.value !== null && set(withFilter(view, spec.dimension, r.value))}
            />
            {spec.allUnknown && (d[spec.list] ?? []).every((r) => r.value === null) && (
              <p class="muted">{spec.allUnknown}</p>
            )}
          </>
        )}
      </Show>
    </Panel>
  );
}
