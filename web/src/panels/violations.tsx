import { exportUrl, readUrl } from '../lib/read-params.js';
import { useRead } from '../lib/use-read.js';
import { type View, withFilter } from '../lib/view.js';
import { Panel, Show } from '../ui/panel.js';
import { RankTable } from '../ui/rank-table.js';

interface Violation {
  agent_id: string;
  operator: string;
  pathname: string;
  verified: boolean;
  fetches: number;
  last_fetch: string;
}

/** Verified and unverified fetches apart: an unverified one may be someone spoofing the agent. */
export function Violations({ view, set }: { view: View; set: (v: View) => void }) {
  const opts = { compare: false, extra: { limit: 100 } };
  const read = useRead<Violation[]>(readUrl('/api/policy/violations', view, opts));
  const table = (rows: Violation[], verified: boolean) => (
    <>
      <h3>{verified ? 'Verified agents' : 'Unverified (user agent only)'}</h3>
      {rows.length === 0 ? (
        <p class="empty">None.</p>
      ) : (
        <RankTable
          caption={verified ? 'Violations by verified agents' : 'Violations by unverified agents'}
          rows={rows}
          name={(r) => r.pathname}
          nameLabel="Disallowed path"
          onPick={(r) => set(withFilter(view, 'pathname', r.pathname))}
          columns={[{ key: 'agent_id', label: 'Agent', render: (r) => r.agent_id }, { key: 'fetches' }]}
        />
      )}
    </>
  );
  return (
    <Panel title="robots.txt violations" csv={exportUrl('policy/violations', view, { compare: false })}>
      <Show read={read} empty="No agent fetched a path your robots.txt disallowed in this window.">
        {(rows) => (
          <>
            {table(
              rows.filter((r) => r.verified),
              true,
            )}
            {table(
              rows.filter((r) => !r.verified),
              false,
            )}
          </>
        )}
      </Show>
    </Panel>
  );
}
