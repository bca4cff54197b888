import { manages, type Site } from '../lib/types.js';
import { useRead } from '../lib/use-read.js';
import { navigate } from '../lib/router.js';
import { type View, viewFromUrl, viewPath } from '../lib/view.js';
import { Link } from '../ui/link.js';
import { Show } from '../ui/panel.js';
import { TopBar } from '../ui/top-bar.js';
import { DashboardView } from './dashboard-view.js';

export function DashboardPage({ site, search }: { site: number; search: string }) {
  const view = viewFromUrl(site, search);
  const siteRead = useRead<Site>(`/api/sites/${site}`);
  const set = (next: View) => navigate(viewPath(next));

  return (
    <>
      <TopBar>
        <Link href="/sites">Sites</Link>
      </TopBar>
      <main class="page dashboard">
        <Show read={siteRead} empty="">
          {(s) => (
            <DashboardView
              view={view}
              domain={s.domain}
              timezone={s.timezone}
              set={set}
              manage={manages(s.role)}
            />
          )}
        </Show>
        {siteRead.error && (
          // An unknown or someone else's site: trying again will not help, the owner's own list will.
          <p>
            <Link href="/sites">Back to your sites</Link>
          </p>
        )}
      </main>
    </>
  );
}
