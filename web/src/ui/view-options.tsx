import { GRANULARITIES, type Granularity, type View } from '../lib/view.js';

/** Bucket size of the charts (saved segments: segments.tsx). */
export function ViewOptions({ view, set }: { view: View; set: (v: View) => void }) {
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
    </>
  );
}
