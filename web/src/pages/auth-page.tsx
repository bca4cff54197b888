import { useEffect } from 'preact/hooks';
import { request } from '../lib/api.js';
import { navigate } from '../lib/router.js';
import { AuthForm } from '../ui/auth-form.js';

export function AuthPage() {
  // Someone already logged in goes straight to their sites.
  useEffect(() => {
    request('GET', '/api/sites').then(
      () => navigate('/sites', true),
      () => {},
    );
  }, []);

  return (
    <main class="auth">
      <h1>twofold</h1>
      <p class="lead">Web analytics for both your readerships: people and machines.</p>
      <AuthForm onDone={() => navigate('/sites')} />
    </main>
  );
}
