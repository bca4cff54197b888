import { formatNumber } from '../lib/format.js';
import { readUrl } from '../lib/read-params.js';
import { useRead } from '../lib/use-read.js';
import type { View } from '../lib/view.js';

interface Live {
  visitors?: number;
  agents?: number;
  fetches?: number;
}

const REFRESH_MS = 30_000;

const count = (n = 0, one: string) =>
  `${formatNumber(n)} ${n === 1 ? one : one === 'fetch' ? 'fetches' : `${one}s`}`;

/** The last five minutes, whatever the window (docs/api.md); refreshed every 30 s. */
export function Realtime({ view }: { view: View }) {
  const read = useRead<Live>(readUrl('/api/stats/realtime', view, { compare: false }), REFRESH_MS);
  const d = read.data;
  const text = !d
    ? (read.error ?? '…')
    : view.tab === 'people'
      ? `${formatNumber(d.visitors ?? 0)} ${d.visitors === 1 ? 'person' : 'people'} on the site now`
      : `${count(d.agents, 'agent')}, ${count(d.fetches, 'fetch')} in the last 5 minutes`;
  return (
    <p class="realtime" aria-live="polite" data-testid="realtime">
      <span class="dot" aria-hidden="true" /> {text}
    </p>
  );
}
