import { useEffect, useState } from 'preact/hooks';
import { ApiError, request } from '../lib/api.js';
import { navigate } from '../lib/router.js';
import type { Site } from '../lib/types.js';
import { AuthForm } from '../ui/auth-form.js';
import { ErrorLine } from '../ui/error-line.js';

/** `/invitations/:token`: sign in (or up) with the invited email, then accept and open the site. */
export function AcceptPage({ token }: { token: string }) {
  const [signedIn, setSignedIn] = useState<boolean>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    request('GET', '/api/sites').then(
      () => setSignedIn(true),
      () => setSignedIn(false),
    );
  }, []);

  const accept = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { data } = await request<{ data: Site }>(
        'POST',
        `/api/invitations/${encodeURIComponent(token)}/accept`,
      );
      navigate(`/sites/${data.id}`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) setSignedIn(false);
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const switchAccount = async () => {
    await request('POST', '/api/auth/logout').catch(() => {});
    setError(undefined);
    setSignedIn(false);
  };

  return (
    <main class="auth">
      <h1>twofold</h1>
      <p class="lead">You are invited to see a site on twofold.</p>
      {signedIn === false && (
        <>
          <p>Log in, or create an account, with the email address the invitation was sent to.</p>
          <AuthForm initial="register" onDone={() => (setError(undefined), setSignedIn(true))} />
        </>
      )}
      {signedIn === true && (
        <div class="card">
          <h2>Accept the invitation</h2>
          <button type="button" onClick={accept} disabled={busy}>
            Accept invitation
          </button>
          <ErrorLine error={error} />
          <p>
            Invited with another address?{' '}
            <button type="button" class="link" onClick={switchAccount}>
              Log out and switch account
            </button>
          </p>
        </div>
      )}
    </main>
  );
}
