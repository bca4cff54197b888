import { useEffect, useState } from 'preact/hooks';
import { request } from '../lib/api.js';
import { navigate } from '../lib/router.js';
import { ErrorLine } from '../ui/error-line.js';

type Mode = 'login' | 'register' | 'forgot';

export function AuthPage() {
  const [mode, setMode] = useState<Mode>('login');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  // Someone already logged in goes straight to their sites.
  useEffect(() => {
    request('GET', '/api/sites').then(
      () => navigate('/sites', true),
      () => {},
    );
  }, []);

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
      navigate('/sites');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const switchTo = (m: Mode) => (setMode(m), setError(undefined), setSent(false));
  if (mode === 'forgot')
    return (
      <main class="auth">
        <h1>twofold</h1>
        <form onSubmit={submit} class="card" aria-describedby={error ? 'auth-error' : undefined}>
          <h2>Reset your password</h2>
          {sent ? (
            <p role="status">
              If an account has this email, a mail with a link to choose a new password is on its way. The
              link works for an hour. No mail? Your administrator can make a link with{' '}
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
      </main>
    );
  const other: Mode = mode === 'login' ? 'register' : 'login';
  return (
    <main class="auth">
      <h1>twofold</h1>
      <p class="lead">Web analytics for both your readerships: people and machines.</p>
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
    </main>
  );
}
