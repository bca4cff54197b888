import { useMemo, useState } from 'preact/hooks';
import { formatNumber } from '../lib/format.js';
import { exportUrl, readUrl } from '../lib/read-params.js';
import { useRead } from '../lib/use-read.js';
import type { View } from '../lib/view.js';
import { Panel, Show } from '../ui/panel.js';
import { SankeyChart } from '../ui/sankey-chart.js';

interface Journey {
  nodes: { id: string; step: number; path: string; sessions: number }[];
  links: { source: string; target: string; sessions: number }[];
}

const DEPTH = 3;

function stepName(step: number, fromStart: boolean): string {
  return step === 0 ? (fromStart ? 'Start' : 'Entry') : `Step ${step}`;
}

/** The journeys as a Sankey chart, and as tables: the pages of each step and the flows between them. */
function JourneyView({ journey, fromStart }: { journey: Journey; fromStart: boolean }) {
  const byId = new Map(journey.nodes.map((n) => [n.id, n]));
  const chart = useMemo(
    () => ({
      flows: journey.links.map((l) => ({ from: l.source, to: l.target, flow: l.sessions })),
      labels: Object.fromEntries(journey.nodes.map((n) => [n.id, n.path])),
      columns: Object.fromEntries(journey.nodes.map((n) => [n.id, n.step])),
    }),
    [journey],
  );
  const place = (id: string) => {
    const n = byId.get(id);
    return n ? `${n.path} (${stepName(n.step, fromStart).toLowerCase()})` : id;
  };
  return (
    <figure class="chart">
      {journey.links.length > 0 ? (
        <SankeyChart caption="Where sessions went, step by step" {...chart} />
      ) : (
        <p class="empty">No session went on to another page.</p>
      )}
      <details class="chart-table">
        <summary>Table view</summary>
        <div class="table-wrap">
          <table class="journey-pages">
            <caption>Pages by step</caption>
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Page</th>
                <th scope="col" class="num">
                  Sessions
                </th>
              </tr>
            </thead>
            <tbody>
              {journey.nodes.map((n) => (
                <tr key={n.id}>
                  <td>{stepName(n.step, fromStart)}</td>
                  <th scope="row">{n.path}</th>
                  <td class="num">{formatNumber(n.sessions)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table class="journey-flows">
            <caption>Flows</caption>
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col" class="num">
                  Sessions
                </th>
              </tr>
            </thead>
            <tbody>
              {journey.links.map((l) => (
                <tr key={`${l.source}>${l.target}`}>
                  <td>{place(l.source)}</td>
                  <td>{place(l.target)}</td>
                  <td class="num">{formatNumber(l.sessions)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** Where people went next, step by step: from the entry pages or from a starting page. */
export function JourneysPanel({ view }: { view: View }) {
  const [start, setStart] = useState('');
  // On this read `start` is the starting path, so a custom window (start/end instants) cannot be sent.
  const custom = view.start !== undefined;
  const extra = { depth: DEPTH, limit: 5, start: start || undefined };
  const read = useRead<Journey>(
    custom ? null : readUrl('/api/stats/journeys', view, { compare: false, extra }),
  );
  return (
    <Panel
      title="Journeys"
      csv={custom ? undefined : exportUrl('journeys', view, { compare: false, extra: { depth: DEPTH } })}
    >
      {custom ? (
        <p class="empty">Journeys follow the preset ranges: choose one to see them.</p>
      ) : (
        <>
          <form
            class="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              const v = String(new FormData(e.currentTarget as HTMLFormElement).get('start') ?? '').trim();
              setStart(v);
            }}
          >
            <label>
              Starting page (empty: entry pages)
              <input name="start" placeholder="/pricing" pattern="/.*" defaultValue={start} />
            </label>
            <button type="submit">Follow</button>
          </form>
          <Show
            read={read}
            empty="No sessions to follow in this window."
            isEmpty={(j) => j.nodes.length === 0}
          >
            {(j) => <JourneyView journey={j} fromStart={start !== ''} />}
          </Show>
        </>
      )}
    </Panel>
  );
}
