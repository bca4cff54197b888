import { formatNumber } from '../lib/format.js';
import { exportUrl, readUrl, SHARED_DIMENSIONS } from '../lib/read-params.js';
import { useRead } from '../lib/use-read.js';
import { type View, withFilter } from '../lib/view.js';
import { Panel, Show } from '../ui/panel.js';
import { RankTable } from '../ui/rank-table.js';

interface GapRow {
  pathname: string;
  fetches: number;
  arrivals: number;
  ratio?: number;
  verdict: string;
}

interface GapSummary {
  fetches: number;
  arrivals: number;
  ratio?: number;
  urls: number;
  operators: { operator: string; html_fetches: number; arrivals: number; ratio?: number }[];
}

const ratio = (r: number | undefined) => (r === undefined ? '\u221e' : `${formatNumber(r)} : 1`);

/** Both readerships by definition: `audience=all`, the filters both have, one window. */
const GAP = { audience: 'all', compare: false, dimensions: SHARED_DIMENSIONS } as const;

export function CitationGap({ view, set }: { view: View; set: (v: View) => void }) {
  const rows = useRead<GapRow[]>(readUrl('/api/citation-gap', view, { ...GAP, extra: { limit: 10 } }));
  const summary = useRead<GapSummary>(readUrl('/api/citation-gap/summary', view, GAP));
  return (
    <Panel title="Citation gap" csv={exportUrl('citation-gap', view, GAP)}>
      <Show read={summary} empty="" isEmpty={(s) => s.urls === 0}>
        {(s) => (
          <>
            <p class="summary">
              {formatNumber(s.fetches)} fetches for {formatNumber(s.arrivals)} arrivals from answer engines:{' '}
              <strong>{ratio(s.ratio)}</strong> over {formatNumber(s.urls)} URLs.
            </p>
            <h3>Crawl-to-refer ratio per operator</h3>
            <RankTable
              caption="Crawl-to-refer ratio per operator"
              rows={s.operators}
              name={(r) => r.operator}
              nameLabel="Operator"
              columns={[
                { key: 'html_fetches', label: 'HTML fetches' },
                { key: 'arrivals', label: 'Arrivals' },
                { key: 'ratio', label: 'Ratio', render: (r) => ratio(r.ratio) },
              ]}
            />
          </>
        )}
      </Show>
      <Show read={rows} empty="No agent fetch and no answer-engine arrival in this window.">
        {(list) => (
          <>
            <h3>Per URL (biggest gap first)</h3>
            <RankTable
              caption="Citation gap per URL"
              rows={list}
              name={(r) => r.pathname}
              nameLabel="URL"
              onPick={(r) => set(withFilter(view, 'pathname', r.pathname))}
              columns={[
                { key: 'fetches' },
                { key: 'arrivals', label: 'Arrivals' },
                { key: 'ratio', label: 'Ratio', render: (r) => ratio(r.ratio) },
                {
                  key: 'verdict',
                  label: 'Verdict',
                  render: (r) => <span class={`verdict ${r.verdict}`}>{r.verdict.replace('_', ' ')}</span>,
                },
              ]}
            />
          </>
        )}
      </Show>
    </Panel>
  );
}
