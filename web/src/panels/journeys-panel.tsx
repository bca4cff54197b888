import { useState } from 'preact/hooks';
import { formatNumber } from '../lib/format.js';
import { exportUrl, readUrl } from '../lib/read-params.js';
import { useRead } from '../lib/use-read.js';
import type { View } from '../lib/view.js';
import { Panel, Show } from '../ui/panel.js';

interface Journey {
  nodes: { id: string; step: number; path: string; sessions: number }[];
  links: { source: string; target: string; sessions: number }[];
}

const DEPTH = 3;

/** Where people went next, step by step, as columns of pages (the read's nodes). */
export function JourneysPanel({ view }: { view: View }) {
  const [start, setStart] = useState('');
  // On this read `start` is the starting path, so a custom window (start/end instants) cannot be sent.
  const custom = view.start !== undefined;
  const extra = { depth: DEPTH, limit: 5, start: start || undefined };
  const read = useRead<Journey>(
    custom ? null : readUrl('/api/stats/journeys', view, { compare: false, extra }),
  );
  const steps = Array.from({ length: DEPTH + 1 }, (_, i) => i);
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
            {(j) => (
              <div class="journey" role="list" aria-label="Pages by step">
                {steps.map((s) => (
                  <div key={s} role="listitem" class="journey-step">
                    <h3>{s === 0 ? (start ? 'Start' : 'Entry') : `Step ${s}`}</h3>
                    <ul>
                      {j.nodes
                        .filter((n) => n.step === s)
                        .map((n) => (
                          <li key={n.id}>
                            <span class="path">{n.path}</span>{' '}
                            <span class="muted">{formatNumber(n.sessions)}</span>
                          </li>
                        ))}
                    </ul>
                  </div>
                ))}
              </div>
            )}
          </Show>
        </>
      )}
    </Panel>
  );
}
