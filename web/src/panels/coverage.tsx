import { formatDuration } from '../lib/format.js';
import { exportUrl, readUrl } from '../lib/read-params.js';
import { useRead } from '../lib/use-read.js';
import { type View, withFilter } from '../lib/view.js';
import { Panel, Show } from '../ui/panel.js';
import { RankTable } from '../ui/rank-table.js';

interface CoverageRow {
  pathname: string;
  last_crawl: string;
  freshness_gap: number;
  fetches: number;
  verified_fetches: number;
  agents: number;
  agent_ids: string[];
}

const SHOWN_AGENTS = 3;

/** The first few agents by name and how many more, so a widely crawled URL keeps a short row. */
function agentList(r: CoverageRow) {
  const more = r.agent_ids.length - SHOWN_AGENTS;
  const names = r.agent_ids.slice(0, SHOWN_AGENTS).join(', ');
  return more > 0 ? <span title={r.agent_ids.join(', ')}>{`${names} and ${more} more`}</span> : names;
}

/** Which URLs agents hold, stalest copy first (the read's default order). */
export function Coverage({ view, set }: { view: View; set: (v: View) => void }) {
  const opts = { compare: false, extra: { limit: 10 } };
  const read = useRead<CoverageRow[]>(readUrl('/api/agents/coverage', view, opts));
  return (
    <Panel title="Coverage (stalest first)" csv={exportUrl('agents/coverage', view, { compare: false })}>
      <Show read={read} empty="No URL fetched by an agent in this window.">
        {(rows) => (
          <RankTable
            caption="Coverage per URL"
            rows={rows}
            name={(r) => r.pathname}
            nameLabel="URL"
            onPick={(r) => set(withFilter(view, 'pathname', r.pathname))}
            columns={[
              {
                key: 'freshness_gap',
                label: 'Last crawl',
                render: (r) => `${formatDuration(r.freshness_gap)} ago`,
              },
              { key: 'fetches' },
              { key: 'verified_fetches', label: 'Verified' },
              { key: 'agents', label: 'Agents', text: true, render: agentList },
            ]}
          />
        )}
      </Show>
    </Panel>
  );
}
