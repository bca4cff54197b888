import { useState } from 'preact/hooks';
import { manages, type Site } from '../lib/types.js';
import { useRead } from '../lib/use-read.js';
import { AddSite } from '../ui/add-site.js';
import { EmailReports } from '../ui/email-reports.js';
import { FunnelsEditor } from '../ui/funnels-editor.js';
import { GoalsEditor } from '../ui/goals-editor.js';
import { ApiKeys } from '../ui/api-keys.js';
import { Link } from '../ui/link.js';
import { Show } from '../ui/panel.js';
import { PolicyUpload } from '../ui/policy-upload.js';
import { SharedLinks } from '../ui/shared-links.js';
import { SiteSettings } from '../ui/site-settings.js';
import { SiteSetup } from '../ui/site-setup.js';
import { TopBar } from '../ui/top-bar.js';
import { ZoneList } from '../ui/zone-list.js';

export function SitesPage() {
  const sites = useRead<Site[]>('/api/sites');
  // The answer that created a site carries its ingest key: shown then without another request.
  const [ingestKeys, setIngestKeys] = useState<Record<number, string>>({});

  return (
    <>
      <TopBar />
      <main class="page">
        <h1>Your sites</h1>
        <Show
          read={sites}
          empty="No sites yet. Add your first one below, then install the snippet on its pages."
        >
          {(list) => (
            <ul class="site-list">
              {list.map((s) => (
                <li key={s.id} class="card">
                  <div class="site-head">
                    <h2>
                      <Link href={`/sites/${s.id}`}>{s.domain}</Link>
                    </h2>
                    <span class="muted">
                      #{s.id} · {s.timezone} · {s.hostnames.join(', ')} · you are {s.role}
                    </span>
                    {manages(s.role) && (
                      <Link href={`/sites/${s.id}/members`} class="button">
                        Members
                      </Link>
                    )}
                    <Link href={`/sites/${s.id}`} class="button">
                      Open dashboard
                    </Link>
                  </div>
                  {/* A viewer reads, exports and takes reports; the site's management is its admins'. */}
                  {manages(s.role) && (
                    <>
                      <SiteSetup site={s} ingestKey={ingestKeys[s.id]} />
                      <SiteSettings site={s} onSaved={sites.reload} />
                    </>
                  )}
                  <EmailReports site={s.id} />
                  {manages(s.role) && (
                    <>
                      <details class="setup">
                        <summary>Goals, funnels and policy files</summary>
                        <GoalsEditor site={s.id} />
                        <FunnelsEditor site={s.id} />
                        <PolicyUpload site={s.id} />
                      </details>
                      <details class="setup">
                        <summary>Shared links</summary>
                        <SharedLinks site={s.id} />
                      </details>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Show>
        <AddSite
          onAdded={(site) => {
            setIngestKeys((k) => ({ ...k, [site.id]: site.ingest_key }));
            sites.reload();
          }}
        />
        {sites.data?.some((s) => manages(s.role)) && (
          <ApiKeys sites={sites.data.filter((s) => manages(s.role))} />
        )}
        <ZoneList />
      </main>
    </>
  );
}
