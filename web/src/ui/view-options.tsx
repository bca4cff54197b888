import { useRead } from '../lib/use-read.js';
import { GRANULARITIES, type Granularity, type View } from '../lib/view.js';

interface Segment {
  id: number;
  name: string;
}

/** Bucket size of the charts and a saved segment: the envelope's other two choices. */
export function ViewOptions({ view, set }: { view: View; set: (v: View) => void }) {
  // Segments are managed by the site's account: a shared link's view keeps the link's own.
  const segments = useRead<Segment[]>(view.share ? null : `/api/segments?site=${view.site}`);
  return (
    <>
      <label>
        Buckets
        <select
          value={view.granularity ?? ''}
          onChange={(e) => {
            const v = (e.currentTarget as HTMLSelectElement).value;
            const { granularity: _g, ...rest } = view;
            set(v ? { ...rest, granularity: v as Granularity } : rest);
          }}
        >
          <option value="">Automatic</option>
          {GRANULARITIES.map((g) => (
            <option key={g} value={g}>
              {g[0]!.toUpperCase() + g.slice(1)}
            </option>
          ))}
        </select>
      </label>
      {segments.data && segments.data.length > 0 && (
        <label>
          Segment
          <select
            value={view.segment ?? ''}
            onChange={(e) => {
              const v = Number((e.currentTarget as HTMLSelectElement).value);
              const { segment: _s, ...rest } = view;
              set(v ? { ...rest, segment: v } : rest);
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
    </>
  );
}
