import { useState } from 'preact/hooks';
import { request } from '../lib/api.js';
import { ErrorLine } from './error-line.js';

type Mode = 'login' | 'register' | 'forgot';

/** Log in, create an account, or ask for a reset mail; `onDone` once the session cookie is set. */
export function AuthForm({ onDone, initial = 'login' }: { onDone: () => void; initial?: Mode }) {
  const [mode, setMode] = useState<Mode>(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    setBusy(true);
    setError(undefined);
    try {
      if (mode === 'forgot') {
        await request('POST', '/api/auth/forgot-password', { email: form.get('email') });
        setSent(true);
        return;
      }
      await request('POST', `/api/auth/${mode}`, {
        email: form.get('email'),
        password: form.get('password'),
      });
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const switchTo = (m: Mode) => (setMode(m), setError(undefined), setSent(false));

  if (mode === 'forgot')
    return (
      <form onSubmit={submit} class="card" aria-describedby={error ? 'auth-error' : undefined}>
        <h2>Reset your password</h2>
        {sent ? (
          <p role="status">
            If an account has this email, a mail with a link to choose a new password is on its way. The link
            works for an hour. No mail? Your administrator can make a link with{' '}
            <code>twofold users reset-password</code>.
          </p>
        ) : (
          <>
            <label>
              Email
              <input name="email" type="email" autocomplete="email" required />
            </label>
            <ErrorLine error={error} id="auth-error" />
            <button type="submit" disabled={busy}>
              Mail me a link
            </button>
          </>
        )}
        <p>
          <button type="button" class="link" onClick={() => switchTo('login')}>
            Back to log in
          </button>
        </p>
      </form>
    );
  const other: Mode = mode === 'login' ? 'register' : 'login';
  return (
    <form onSubmit={submit} class="card" aria-describedby={error ? 'auth-error' : undefined}>
      <h2>{mode === 'login' ? 'Log in' : 'Create an account'}</h2>
      <label>
        Email
        <input name="email" type="email" autocomplete="email" required />
      </label>
      <label>
        Password
        <input
          name="password"
          type="password"
          minLength={mode === 'register' ? 8 : undefined}
          autocomplete={mode === 'login' ? 'current-password' : 'new-password'}
          required
        />
        {mode === 'register' && <small>At least 8 characters.</small>}
      </label>
      <ErrorLine error={error} id="auth-error" />
      <button type="submit" disabled={busy}>
        {mode === 'login' ? 'Log in' : 'Create account'}
      </button>
      <p>
        {mode === 'login' ? 'New here?' : 'Have an account?'}{' '}
        <button type="button" class="link" onClick={() => switchTo(other)}>
          {other === 'login' ? 'Log in' : 'Create an account'}
        </button>
        {mode === 'login' && (
          <>
            {' · '}
            <button type="button" class="link" onClick={() => switchTo('forgot')}>
              Forgot your password?
            </button>
          </>
        )}
      </p>
    </form>
  );
}
