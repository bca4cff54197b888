import { render } from 'preact';
import { useLocation } from './lib/router.js';
import { AcceptPage } from './pages/accept-page.js';
import { AuthPage } from './pages/auth-page.js';
import { DashboardPage } from './pages/dashboard-page.js';
import { ResetPasswordPage } from './pages/reset-password-page.js';
import { SharePage } from './pages/share-page.js';
import { MembersPage } from './pages/members-page.js';
import { SitesPage } from './pages/sites-page.js';
import './styles.css';

function App() {
  const { pathname, search } = useLocation();
  const site = /^\/sites\/(\d+)$/.exec(pathname);
  if (site) return <DashboardPage site={Number(site[1])} search={search} />;
  const share = /^\/share\/([^/]+)$/.exec(pathname);
  if (share) return <SharePage token={share[1]!} search={search} />;
  const members = /^\/sites\/(\d+)\/members$/.exec(pathname);
  if (members) return <MembersPage site={Number(members[1])} />;
  const invitation = /^\/invitations\/([^/]+)$/.exec(pathname);
  if (invitation) return <AcceptPage token={decodeURIComponent(invitation[1]!)} />;
  if (pathname === '/sites') return <SitesPage />;
  if (pathname === '/reset-password') return <ResetPasswordPage />;
  return <AuthPage />;
}

render(<App />, document.getElementById('app')!);
