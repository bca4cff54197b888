import { useState } from 'preact/hooks';
import { eventFilter, storedProperty } from '../lib/automatic-events.js';
import { exportUrl, readUrl } from '../lib/read-params.js';
import type { ValueRow } from '../lib/types.js';
import { useRead } from '../lib/use-read.js';
import { type View, withFilter } from '../lib/view.js';
import { Panel, Show } from '../ui/panel.js';
import { RankTable } from '../ui/rank-table.js';

interface Breakdown {
  name: string;
  property: string;
}

const EVENTS = { compare: false, extra: { limit: 10 } } as const;

/** One event's counts per value of one of its properties; a value filters by `props.<key>`. */
function PropertyValues({ view, set, by }: { view: View; set: (v: View) => void; by: Breakdown }) {
  const opts = { compare: false, extra: { ...by, limit: 10 } };
  const read = useRead<ValueRow[]>(readUrl('/api/stats/events', view, opts));
  const title = `${by.name} by ${by.property}`;
  return (
    <>
      <div class="panel-head">
        <h3>{title}</h3>
        <a class="export" href={exportUrl('events', view, opts)} download aria-label={`${title} as CSV`}>
          CSV
        </a>
      </div>
      <Show read={read} empty={`No ${by.name} events in this window.`}>
        {(rows) => (
          <RankTable
            caption={title}
            rows={rows}
            name={(r) => r.value}
            nameLabel={by.property}
            bar={(r) => r.visitors ?? 0}
            {...(storedProperty(by.name, by.property)
              ? {
                  onPick: (r: ValueRow) =>
                    r.value !== null && set(withFilter(view, `props.${by.property}`, r.value)),
                }
              : {})}
            columns={[{ key: 'visitors' }, { key: 'events', label: 'Events' }]}
          />
        )}
      </Show>
    </>
  );
}

export function EventsPanel({ view, set }: { view: View; set: (v: View) => void }) {
  const read = useRead<ValueRow[]>(readUrl('/api/stats/events', view, EVENTS));
  const [by, setBy] = useState<Breakdown>();
  return (
    <Panel title="Events" csv={exportUrl('events', view, { compare: false })}>
      <Show
        read={read}
        empty={
          <>
            No events yet: outbound links, downloads and forms count themselves; call{' '}
            <code>twofold('Signup')</code> for your own.
          </>
        }
      >
        {(rows) => (
          <>
            <RankTable
              caption="Events"
              rows={rows}
              name={(r) => r.value}
              nameLabel="Event"
              bar={(r) => r.visitors ?? 0}
              onPick={(r) => {
                if (r.value === null) return;
                const f = eventFilter(String(r.value));
                set(withFilter(view, f.dimension, f.value));
              }}
              columns={[{ key: 'visitors' }, { key: 'events', label: 'Events' }]}
            />
            <form
              class="inline-form"
              aria-label="Break down an event by a property"
              onSubmit={(e) => {
                e.preventDefault();
                const f = new FormData(e.currentTarget as HTMLFormElement);
                setBy({ name: String(f.get('event')), property: String(f.get('property')).trim() });
              }}
            >
              <label>
                Event
                <select name="event" defaultValue={by?.name}>
                  {rows.map((r) => (
                    <option key={String(r.value)}>{r.value}</option>
                  ))}
                </select>
              </label>
              <label>
                Property
                <input
                  name="property"
                  required
                  size={10}
                  placeholder="plan"
                  pattern="[A-Za-z0-9_.\-]{1,64}"
                  title="a property key: letters, digits, _ . -"
                  defaultValue={by?.property}
                />
              </label>
              <button type="submit">Break down</button>
            </form>
            {by && <PropertyValues view={view} set={set} by={by} />}
          </>
        )}
      </Show>
    </Panel>
  );
}
