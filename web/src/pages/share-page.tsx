import { useEffect, useState } from 'preact/hooks';
import { ApiError, request } from '../lib/api.js';
import { navigate } from '../lib/router.js';
import { type Tab, type View, viewFromUrl, viewPath, withTab } from '../lib/view.js';
import { ErrorLine } from '../ui/error-line.js';
import { DashboardView } from './dashboard-view.js';

/** What `GET /api/share/:token` tells of a link (docs/api.md#shared-links). */
interface ShareInfo {
  name: string;
  site: { id: number; domain: string; timezone: string };
  segment: number | null;
  audience: 'human' | 'agent' | null;
}

type State = { info: ShareInfo } | { locked: true } | { error: string } | { loading: true };

const TAB_OF = { human: 'people', agent: 'agents' } as const satisfies Record<string, Tab>;

/**
 * A shared link's read-only dashboard (docs/dashboard.md#shared-links): no account, no site list,
 * no management; the password first when the link has one. The view lives in the URL as on a
 * site's own page, under `/share/<token>`.
 */
export function SharePage({ token, search }: { token: string; search: string }) {
  const [state, setState] = useState<State>({ loading: true });
  const [opened, setOpened] = useState(0);
  useEffect(() => {
    request<{ data: ShareInfo }>('GET', `/api/share/${encodeURIComponent(token)}`).then(
      ({ data }) => setState({ info: data }),
      (err: unknown) =>
        setState(
          err instanceof ApiError && err.status === 401 && err.field === 'password'
            ? { locked: true }
            : { error: err instanceof Error ? err.message : String(err) },
        ),
    );
  }, [token, opened]);

  return (
    <>
      <header class="top-bar">
        <span class="brand">twofold</span>
        <nav aria-label="Main">
          <span class="muted">
            {'info' in state ? `Shared link “${state.info.name}”, read-only` : 'Shared link'}
          </span>
        </nav>
      </header>
      <main class="page dashboard">
        {'loading' in state && (
          <p class="loading" aria-busy="true">
            Loading…
          </p>
        )}
        {'error' in state && (
          <p class="error" role="alert">
            {state.error}
          </p>
        )}
        {'locked' in state && <PasswordForm token={token} onOpen={() => setOpened((n) => n + 1)} />}
        {'info' in state && <SharedDashboard token={token} search={search} info={state.info} />}
      </main>
    </>
  );
}

function SharedDashboard({ token, search, info }: { token: string; search: string; info: ShareInfo }) {
  let view: View = viewFromUrl(info.site.id, search, token);
  // A link limited to one readership shows that readership's tab only.
  const only = info.audience === null ? undefined : TAB_OF[info.audience];
  if (only !== undefined && view.tab !== only) view = withTab(view, only);
  const set = (next: View) => navigate(viewPath(next));
  return (
    <DashboardView
      view={view}
      domain={info.site.domain}
      timezone={info.site.timezone}
      set={set}
      tabs={only === undefined}
    />
  );
}

function PasswordForm({ token, onOpen }: { token: string; onOpen: () => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    setBusy(true);
    setError(undefined);
    try {
      await request('POST', `/api/share/${encodeURIComponent(token)}/unlock`, {
        password: form.get('password'),
      });
      onOpen();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} class="card" aria-describedby={error ? 'share-error' : undefined}>
      <h2>This shared link needs its password</h2>
      <label>
        Password
        <input name="password" type="password" autocomplete="current-password" required />
      </label>
      <ErrorLine error={error} id="share-error" />
      <button type="submit" disabled={busy}>
        Open
      </button>
    </form>
  );
}
