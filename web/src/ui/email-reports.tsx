import { request } from '../lib/api.js';
import { useAction } from '../lib/use-action.js';
import { useRead } from '../lib/use-read.js';
import { ErrorLine } from './error-line.js';

type Kind = 'weekly' | 'monthly' | 'spike' | 'drop' | 'agent_flood';

interface Subscription {
  id: number;
  kind: Kind;
  threshold: number | null;
}

interface Choice {
  kind: Kind;
  label: string;
  /** An alert's threshold as the form asks it (drop: a percent, sent as a share). */
  threshold?: { label: string; min: number; max?: number; placeholder: string; percent?: boolean };
}

const CHOICES: Choice[] = [
  { kind: 'weekly', label: 'Weekly report (each Monday: the week before, against the one before it)' },
  { kind: 'monthly', label: 'Monthly report (each 1st: the month before, against the one before it)' },
  {
    kind: 'spike',
    label: 'Spike alert',
    threshold: { label: 'visitors in an hour above', min: 1, placeholder: '500' },
  },
  {
    kind: 'drop',
    label: 'Drop alert',
    threshold: {
      label: 'visitors in an hour fell, against the same hour a week earlier, by at least (%)',
      min: 1,
      max: 100,
      placeholder: '50',
      percent: true,
    },
  },
  {
    kind: 'agent_flood',
    label: 'Agent flood alert',
    threshold: { label: "one unverified agent's fetches in an hour above", min: 1, placeholder: '1000' },
  },
];

const shown = (c: Choice, s?: Subscription) =>
  s === undefined || s.threshold === null
    ? ''
    : String(c.threshold?.percent ? Math.round(s.threshold * 1000) / 10 : s.threshold);

/**
 * The signed-in member's own mailed reports and alerts on a site (`/api/sites/:id/subscriptions`):
 * each kind subscribed or not, an alert's threshold changed by subscribing again.
 */
export function EmailReports({ site }: { site: number }) {
  const subs = useRead<Subscription[]>(`/api/sites/${site}/subscriptions`);
  const { error, run, submit } = useAction(subs.reload);
  const mine = new Map((subs.data ?? []).map((s) => [s.kind, s]));
  return (
    <details class="setup">
      <summary>Email reports</summary>
      <p class="muted">Mailed to you only, in the site's time zone.</p>
      {CHOICES.map((c) => {
        const s = mine.get(c.kind);
        return (
          <form
            key={`${c.kind}-${s?.id ?? 'off'}-${s?.threshold ?? ''}`}
            class="inline-form"
            aria-label={c.label}
            data-kind={c.kind}
            onSubmit={submit((f) => {
              const raw = Number(f.get('threshold'));
              const threshold = c.threshold ? (c.threshold.percent ? raw / 100 : raw) : undefined;
              return request('POST', `/api/sites/${site}/subscriptions`, {
                kind: c.kind,
                ...(threshold === undefined ? {} : { threshold }),
              });
            })}
          >
            <strong>{c.label}</strong>
            {c.threshold && (
              <label>
                {c.threshold.label}
                <input
                  name="threshold"
                  type="number"
                  required
                  min={c.threshold.min}
                  max={c.threshold.max}
                  step={c.threshold.percent ? 'any' : 1}
                  size={6}
                  placeholder={c.threshold.placeholder}
                  defaultValue={shown(c, s)}
                />
              </label>
            )}
            <span class="muted">{s ? 'on' : 'off'}</span>
            {(!s || c.threshold) && <button type="submit">{s ? 'Save' : 'Subscribe'}</button>}
            {s && (
              <button
                type="button"
                onClick={() => void run(() => request('DELETE', `/api/subscriptions/${s.id}`))}
              >
                Unsubscribe
              </button>
            )}
          </form>
        );
      })}
      <ErrorLine error={error ?? subs.error} />
    </details>
  );
}
