import { useState } from 'preact/hooks';
import { formatNumber } from '../lib/format.js';
import { useRead } from '../lib/use-read.js';
import { CopyBlock } from '../ui/copy-block.js';
import { Panel, Show } from '../ui/panel.js';

const PURPOSES = ['training', 'search', 'user_action', 'other'] as const;
type Purpose = (typeof PURPOSES)[number];
type Verdict = 'allow' | 'disallow';

const PURPOSE_LABEL: Record<Purpose, string> = {
  training: 'Model training',
  search: 'Search',
  user_action: 'Assistants fetching for a person',
  other: 'Other agents',
};

interface CatalogAgent {
  agent_id: string;
  name: string;
  purpose: Purpose;
}

interface Suggestion {
  text: string;
  current: string | null;
  diff: { op: '+' | '-' | ' '; line: string }[];
  disallowed_fetches: { group: Purpose; fetches: number }[];
}

const DIFF_CLASS = { '+': 'diff-add', '-': 'diff-del', ' ': 'diff-same' } as const;

/** The suggestion's URL for these choices (docs/api.md#get-apisitesidrobotssuggest), agents in id order. */
export function suggestUrl(
  site: number,
  purposes: Record<Purpose, Verdict>,
  agents: Record<string, Verdict>,
): string {
  const q = new URLSearchParams(purposes);
  const named = Object.keys(agents).sort();
  if (named.length > 0) q.set('agents', named.map((id) => `${id}:${agents[id]}`).join(','));
  return `/api/sites/${site}/robots/suggest?${q}`;
}

/**
 * A robots.txt from the catalog for chosen purposes (and agents over their purpose), with its diff
 * from the file in force and what it would have refused of the last 30 days' fetches.
 */
export function RobotsBuilder({ site }: { site: number }) {
  const [purposes, setPurposes] = useState<Record<Purpose, Verdict>>({
    training: 'allow',
    search: 'allow',
    user_action: 'allow',
    other: 'allow',
  });
  const [agents, setAgents] = useState<Record<string, Verdict>>({});
  const catalog = useRead<{ agents: CatalogAgent[] }>(`/api/agents/catalog?site=${site}`);
  const read = useRead<Suggestion>(suggestUrl(site, purposes, agents));
  const setAgent = (id: string, value: string) => {
    const { [id]: _, ...rest } = agents;
    setAgents(value === 'allow' || value === 'disallow' ? { ...rest, [id]: value } : rest);
  };
  return (
    <Panel title="robots.txt builder" wide>
      <form class="robots-choices" onSubmit={(e) => e.preventDefault()}>
        <fieldset>
          <legend>Who may crawl</legend>
          {PURPOSES.map((p) => (
            <label key={p}>
              {PURPOSE_LABEL[p]}
              <select
                aria-label={PURPOSE_LABEL[p]}
                value={purposes[p]}
                onChange={(e) => setPurposes({ ...purposes, [p]: e.currentTarget.value as Verdict })}
              >
                <option value="allow">Allow</option>
                <option value="disallow">Disallow</option>
              </select>
            </label>
          ))}
        </fieldset>
        <details>
          <summary>Agents by name ({Object.keys(agents).length} chosen)</summary>
          {PURPOSES.map((p) => (
            <fieldset key={p}>
              <legend>{PURPOSE_LABEL[p]}</legend>
              {(catalog.data?.agents ?? [])
                .filter((a) => a.purpose === p)
                .map((a) => (
                  <label key={a.agent_id}>
                    {a.name}
                    <select
                      aria-label={a.name}
                      value={agents[a.agent_id] ?? ''}
                      onChange={(e) => setAgent(a.agent_id, e.currentTarget.value)}
                    >
                      <option value="">As its purpose</option>
                      <option value="allow">Allow</option>
                      <option value="disallow">Disallow</option>
                    </select>
                  </label>
                ))}
            </fieldset>
          ))}
        </details>
      </form>
      <Show read={read} empty="">
        {(s) => (
          <>
            <h3>Fetches it would have refused (last 30 days)</h3>
            {s.disallowed_fetches.length === 0 ? (
              <p class="empty">Nothing is disallowed: every agent may crawl.</p>
            ) : (
              <table class="refused">
                <thead>
                  <tr>
                    <th scope="col">Group</th>
                    <th scope="col">Fetches</th>
                  </tr>
                </thead>
                <tbody>
                  {s.disallowed_fetches.map((g) => (
                    <tr key={g.group} data-group={g.group}>
                      <th scope="row">{PURPOSE_LABEL[g.group]}</th>
                      <td class="num">{formatNumber(g.fetches)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <div class="robots-text">
              <CopyBlock label="Suggested robots.txt" text={s.text} />
            </div>
            <h3>Changes from the robots.txt in force</h3>
            {s.current === null && <p class="muted">The site has no robots.txt yet: every line is new.</p>}
            <pre class="diff" tabIndex={0} aria-label="Changes from the robots.txt in force">
              {s.diff.map((d, i) => (
                <span key={i} class={DIFF_CLASS[d.op]}>{`${d.op} ${d.line}\n`}</span>
              ))}
            </pre>
          </>
        )}
      </Show>
    </Panel>
  );
}
