import { useState } from 'preact/hooks';
import { exportUrl, readUrl } from '../lib/read-params.js';
import { useRead } from '../lib/use-read.js';
import type { View } from '../lib/view.js';
import { Link } from '../ui/link.js';
import { Panel, Show } from '../ui/panel.js';
import { RankTable } from '../ui/rank-table.js';

interface Funnel {
  id: number;
  name: string;
}

interface Step {
  step: number;
  path: string | null;
  event: string | null;
  visitors: number;
  sessions: number;
  dropoff: number;
  conversion_rate?: number;
}

function FunnelSteps({ id, view }: { id: number; view: View }) {
  const read = useRead<{ steps: Step[] }>(readUrl(`/api/stats/funnel/${id}`, view, { compare: false }));
  return (
    <Show read={read} empty="" isEmpty={() => false}>
      {(f) => (
        <RankTable
          caption="Funnel steps"
          rows={f.steps}
          name={(s) => `${s.step}. ${s.path ?? s.event}`}
          nameLabel="Step"
          bar={(s) => s.sessions}
          columns={[
            { key: 'sessions', label: 'Sessions' },
            { key: 'dropoff', label: 'Drop-off' },
            { key: 'conversion_rate', label: 'Conversion' },
          ]}
        />
      )}
    </Show>
  );
}

export function FunnelsPanel({ view }: { view: View }) {
  const funnels = useRead<Funnel[]>(`/api/funnels?site=${view.site}`);
  const [chosen, setChosen] = useState<number>();
  const id = chosen ?? funnels.data?.[0]?.id;
  return (
    <Panel
      title="Funnels"
      csv={id === undefined ? undefined : exportUrl('funnel', view, { compare: false, extra: { id } })}
    >
      <Show
        read={funnels}
        empty={
          <>
            No funnels yet. <Link href="/sites">Define one</Link> from 2 to 8 steps.
          </>
        }
      >
        {(list) => (
          <>
            <label>
              Funnel
              <select
                value={id}
                onChange={(e) => setChosen(Number((e.currentTarget as HTMLSelectElement).value))}
              >
                {list.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </select>
            </label>
            {id !== undefined && <FunnelSteps id={id} view={view} />}
          </>
        )}
      </Show>
    </Panel>
  );
}
