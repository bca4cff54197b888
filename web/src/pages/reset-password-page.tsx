import { useState } from 'preact/hooks';
import { request } from '../lib/api.js';
import { navigate } from '../lib/router.js';
import { ErrorLine } from '../ui/error-line.js';

/** The token of a reset link: it rides in the fragment, which the browser never sends anywhere. */
function tokenFromHash(): string {
  return new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
}

/** `/reset-password#token=…`, the page a reset mail (or `twofold users reset-password`) links to. */
export function ResetPasswordPage() {
  const [token] = useState(tokenFromHash);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    if (form.get('password') !== form.get('repeat')) {
      setError('The two passwords differ.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await request('POST', '/api/auth/reset-password', { token, password: form.get('password') });
      // The link is spent: it should not stay in the address bar or the history.
      history.replaceState(null, '', '/reset-password');
      setDone(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="auth">
      <h1>twofold</h1>
      <form onSubmit={submit} class="card" aria-describedby={error ? 'reset-error' : undefined}>
        <h2>Choose a new password</h2>
        {done ? (
          <>
            <p role="status">Your password is changed, and every session signed in before is ended.</p>
            <button type="button" onClick={() => navigate('/')}>
              Log in
            </button>
          </>
        ) : token === '' ? (
          <p class="error" role="alert">
            This page needs the link from a reset mail. Ask for a new one from the log-in page.
          </p>
        ) : (
          <>
            <label>
              New password
              <input name="password" type="password" minLength={8} autocomplete="new-password" required />
              <small>At least 8 characters.</small>
            </label>
            <label>
              The same again
              <input name="repeat" type="password" minLength={8} autocomplete="new-password" required />
            </label>
            <ErrorLine error={error} id="reset-error" />
            <button type="submit" disabled={busy}>
              Set the password
            </button>
          </>
        )}
      </form>
    </main>
  );
}
