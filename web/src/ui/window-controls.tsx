import { useState } from 'preact/hooks';
import { COMPARES, type Compare, RANGES, type Range, type View, withWindow } from '../lib/view.js';
import { dayOf, daysWindow, lastDayOf } from '../lib/zoned-days.js';
import { ViewOptions } from './view-options.js';

const RANGE_LABEL: Record<Range, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '12mo': 'Last 12 months',
  mtd: 'Month to date',
  ytd: 'Year to date',
  all: 'All time',
};
const COMPARE_LABEL: Record<Compare, string> = {
  none: 'No comparison',
  previous: 'Previous period',
  year: 'Year before',
};

/** The window (a preset range or custom local days) and the comparison. */
export function WindowControls({ view, tz, set }: { view: View; tz: string; set: (v: View) => void }) {
  const [custom, setCustom] = useState(view.start !== undefined);
  const today = dayOf(new Date().toISOString(), tz);
  const first = view.start ? dayOf(view.start, tz) : today;
  const last = view.end ? lastDayOf(view.end, tz) : today;

  const applyDays = (e: SubmitEvent) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const from = String(form.get('from'));
    const to = String(form.get('to'));
    if (from && to && from <= to) set(withWindow(view, daysWindow(from, to, tz)));
  };

  return (
    <div class="controls">
      <label>
        Range
        <select
          value={custom ? 'custom' : view.range}
          onChange={(e) => {
            const v = (e.currentTarget as HTMLSelectElement).value;
            if (v === 'custom') setCustom(true);
            else {
              setCustom(false);
              set(withWindow(view, { range: v as Range }));
            }
          }}
        >
          {RANGES.map((r) => (
            <option key={r} value={r}>
              {RANGE_LABEL[r]}
            </option>
          ))}
          <option value="custom">Custom days…</option>
        </select>
      </label>
      {custom && (
        <form class="custom-days" onSubmit={applyDays}>
          <label>
            From
            <input type="date" name="from" defaultValue={first} max={today} required />
          </label>
          <label>
            To
            <input type="date" name="to" defaultValue={last} required />
          </label>
          <button type="submit">Apply</button>
        </form>
      )}
      <label>
        Compare
        <select
          value={view.compare}
          onChange={(e) => set({ ...view, compare: (e.currentTarget as HTMLSelectElement).value as Compare })}
        >
          {COMPARES.map((c) => (
            <option key={c} value={c}>
              {COMPARE_LABEL[c]}
            </option>
          ))}
        </select>
      </label>
      <ViewOptions view={view} set={set} />
    </div>
  );
}
