import { request } from '../lib/api.js';
import { useAction } from '../lib/use-action.js';
import { useRead } from '../lib/use-read.js';
import type { View } from '../lib/view.js';
import { ErrorLine } from './error-line.js';

interface Segment {
  id: number;
  name: string;
}

const withoutSegment = (view: View): View => {
  const { segment: _s, ...rest } = view;
  return rest;
};

/**
 * Saved segments (docs/api.md#saved-segments-apisegments-session-cookie): pick one
 * (its filters are ANDed with the view's), delete the one picked, or save the view's filters as one.
 */
export function Segments({ view, set }: { view: View; set: (v: View) => void }) {
  const segments = useRead<Segment[]>(`/api/segments?site=${view.site}`);
  const { error, run, submit } = useAction(segments.reload);
  const picked = segments.data?.find((s) => s.id === view.segment);
  return (
    <>
      {segments.data && segments.data.length > 0 && (
        <label>
          Segment
          <select
            value={view.segment ?? ''}
            onChange={(e) => {
              const v = Number((e.currentTarget as HTMLSelectElement).value);
              set(v ? { ...view, segment: v } : withoutSegment(view));
            }}
          >
            <option value="">Everyone</option>
            {segments.data.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {picked && (
        <button
          type="button"
          onClick={() =>
            void run(async () => {
              await request('DELETE', `/api/segments/${picked.id}`);
              set(withoutSegment(view));
            })
          }
        >
          Delete {picked.name}
        </button>
      )}
      {view.filters.length > 0 && (
        <form
          class="inline-form"
          onSubmit={submit((f) =>
            request('POST', '/api/segments', {
              site: view.site,
              name: String(f.get('name')).trim(),
              filters: view.filters,
            }),
          )}
        >
          <label>
            Name for these filters
            <input name="name" required maxLength={100} size={14} />
          </label>
          <button type="submit">Save as segment</button>
        </form>
      )}
      <ErrorLine error={error} />
    </>
  );
}
