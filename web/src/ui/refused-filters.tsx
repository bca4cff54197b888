import type { Read } from '../lib/use-read.js';
import type { View } from '../lib/view.js';

/**
 * A shared link whose filters this readership refuses (an unknown dimension, a bad operator): one
 * message and a way out, instead of the same error in every panel.
 */
export function refusedFilters(read: Read<unknown>, view: View, set: (v: View) => void) {
  if (!read.errorField?.startsWith('filters')) return null;
  return (
    <div class="notice" role="alert">
      <p>The filters of this link cannot be used here: {read.error}</p>
      <button type="button" onClick={() => set({ ...view, filters: [] })}>
        Clear the filters
      </button>
    </div>
  );
}
