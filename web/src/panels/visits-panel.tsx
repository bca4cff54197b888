import { useEffect, useState } from 'preact/hooks';
import { formatDuration } from '../lib/format.js';
import { exportUrl, readUrl } from '../lib/read-params.js';
import { useRead } from '../lib/use-read.js';
import { type View, viewToSearch, withFilter } from '../lib/view.js';
import { Panel, Show } from '../ui/panel.js';
import { RankTable } from '../ui/rank-table.js';

interface SessionRow {
  id: string;
  visitor: string;
  started_at: string;
  duration: number;
  pageviews: number;
  entry: string | null;
  exit: string | null;
  channel: string;
  source: string | null;
  country: string | null;
  device: string | null;
  browser: string | null;
}

interface Hit {
  ts: string;
  kind: string;
  name: string | null;
  pathname: string;
  props: Record<string, unknown> | null;
}

interface VisitorRow {
  visitor: string;
  identified: boolean;
  traits: Record<string, unknown>;
  first_seen: string;
  last_seen: string;
  sessions: number;
  pageviews: number;
}

const PAGE_SIZE = 10;
const LISTS = ['Sessions', 'Visitors'] as const;

const when = (t: string, tz: string) =>
  new Date(t).toLocaleString(undefined, { timeZone: tz, dateStyle: 'short', timeStyle: 'short' });
const or = (v: string | null) => v ?? '\u2014';

/** One session's hits in order, as the read gives them whatever the window. */
function SessionHits({ id, view, tz }: { id: string; view: View; tz: string }) {
  const read = useRead<{ hits: Hit[] }>(readUrl(`/api/stats/sessions/${id}`, view, { compare: false }));
  return (
    <Show read={read} empty="" isEmpty={(s) => s.hits.length === 0}>
      {(s) => (
        <ol class="hits" aria-label="The session’s hits">
          {s.hits.map((h, i) => (
            <li key={i}>
              <span class="muted">{new Date(h.ts).toLocaleTimeString(undefined, { timeZone: tz })}</span>{' '}
              {h.kind === 'pageview' ? h.pathname : `${h.name ?? h.kind} on ${h.pathname}`}
              {h.props && <span class="muted"> {JSON.stringify(h.props)}</span>}
            </li>
          ))}
        </ol>
      )}
    </Show>
  );
}

function Sessions({ view, tz, page, onPage }: { view: View; tz: string } & Paged) {
  const read = useRead<SessionRow[]>(
    readUrl('/api/stats/sessions', view, { compare: false, extra: { limit: PAGE_SIZE, page } }),
  );
  const [open, setOpen] = useState<string>();
  return (
    <Show read={read} empty="No sessions started in this window.">
      {(rows) => (
        <>
          <RankTable
            caption="Sessions, newest first"
            rows={rows}
            name={(r) => when(r.started_at, tz)}
            nameLabel="Started"
            onPick={(r) => setOpen(open === r.id ? undefined : r.id)}
            pickTitle={(label) => `Show the hits of the session started ${label}`}
            columns={[
              { key: 'visitor', label: 'Visitor', text: true, render: (r) => r.visitor },
              { key: 'duration', label: 'Duration', render: (r) => formatDuration(r.duration) },
              { key: 'pageviews' },
              {
                key: 'path',
                label: 'Entry → exit',
                text: true,
                render: (r) => `${or(r.entry)} → ${or(r.exit)}`,
              },
              { key: 'source', label: 'Source', text: true, render: (r) => r.source ?? r.channel },
              {
                key: 'where',
                label: 'Country, device',
                text: true,
                render: (r) => [r.country, r.device, r.browser].filter(Boolean).join(', '),
              },
            ]}
          />
          {open && <SessionHits id={open} view={view} tz={tz} />}
          <Pager page={page} onPage={onPage} more={rows.length === PAGE_SIZE} />
        </>
      )}
    </Show>
  );
}

function Visitors({
  view,
  tz,
  set,
  page,
  onPage,
}: { view: View; tz: string; set: (v: View) => void } & Paged) {
  const read = useRead<VisitorRow[]>(
    readUrl('/api/stats/visitors', view, { compare: false, extra: { limit: PAGE_SIZE, page } }),
  );
  return (
    <Show read={read} empty="No visitors in this window.">
      {(rows) => (
        <>
          <RankTable
            caption="Visitors, most recently seen first"
            rows={rows}
            name={(r) => r.visitor}
            nameLabel="Visitor"
            pickable={(r) => r.identified}
            onPick={(r) => set(withFilter(view, 'identity', r.visitor))}
            columns={[
              {
                key: 'traits',
                label: 'Traits',
                text: true,
                render: (r) =>
                  r.identified
                    ? Object.entries(r.traits)
                        .map(([k, v]) => `${k}: ${String(v)}`)
                        .join(', ') || 'identified'
                    : 'anonymous (one day)',
              },
              { key: 'last_seen', label: 'Last seen', render: (r) => when(r.last_seen, tz) },
              { key: 'sessions', label: 'Sessions' },
              { key: 'pageviews' },
            ]}
          />
          <Pager page={page} onPage={onPage} more={rows.length === PAGE_SIZE} />
        </>
      )}
    </Show>
  );
}

interface Paged {
  page: number;
  onPage: (page: number) => void;
}

function Pager({ page, onPage, more }: Paged & { more: boolean }) {
  if (page === 1 && !more) return null;
  return (
    <nav class="pager" aria-label="Pages of the list">
      <button type="button" disabled={page === 1} onClick={() => onPage(page - 1)}>
        Newer
      </button>
      <span class="muted">Page {page}</span>
      <button type="button" disabled={!more} onClick={() => onPage(page + 1)}>
        Older
      </button>
    </nav>
  );
}

/** People one by one: the window's sessions (each opens to its hits) and its visitors. */
export function VisitsPanel({ view, tz, set }: { view: View; tz: string; set: (v: View) => void }) {
  const [shown, setShown] = useState<(typeof LISTS)[number]>('Sessions');
  const [page, setPage] = useState(1);
  // Another window or filter is another list: back to its first page.
  const search = viewToSearch(view);
  useEffect(() => setPage(1), [search]);
  const report = shown === 'Sessions' ? 'sessions' : 'visitors';
  return (
    <Panel title="Sessions and visitors" csv={exportUrl(report, view, { compare: false })} wide>
      <div class="subtabs" role="group" aria-label="Sessions or visitors">
        {LISTS.map((l) => (
          <button key={l} type="button" aria-pressed={l === shown} onClick={() => (setShown(l), setPage(1))}>
            {l}
          </button>
        ))}
      </div>
      {shown === 'Sessions' ? (
        <Sessions view={view} tz={tz} page={page} onPage={setPage} />
      ) : (
        <Visitors view={view} tz={tz} set={set} page={page} onPage={setPage} />
      )}
    </Panel>
  );
}
