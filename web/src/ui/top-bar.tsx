import type { ComponentChildren } from 'preact';
import { request } from '../lib/api.js';
import { navigate } from '../lib/router.js';
import { Link } from './link.js';

export function TopBar({ children }: { children?: ComponentChildren }) {
  const logout = async () => {
    await request('POST', '/api/auth/logout').catch(() => {});
    navigate('/');
  };
  return (
    <header class="top-bar">
      <Link href="/sites" class="brand">
        twofold
      </Link>
      <nav aria-label="Main">{children}</nav>
      <button type="button" class="link" onClick={logout}>
        Log out
      </button>
    </header>
  );
}
