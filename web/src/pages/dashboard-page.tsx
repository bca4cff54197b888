import type { Site } from '../lib/types.js';
import { useRead } from '../lib/use-read.js';
import { navigate } from '../lib/router.js';
import { type View, viewFromUrl, viewPath, withoutFilter } from '../lib/view.js';
import { exportUrl } from '../lib/read-params.js';
import { filterWords, nodeText } from '../lib/filter-label.js';
import { type Filter, isFilter } from '../lib/filter-tree.js';
import { FilterBuilder } from '../ui/filter-builder.js';
import { Segments } from '../ui/segments.js';
import { AgentsTab } from '../panels/agents-tab.js';
import { PeopleTab } from '../panels/people-tab.js';
import { ReadershipTabs, TAB_LABEL } from '../ui/readership-tabs.js';
import { WindowControls } from '../ui/window-controls.js';
import { Link } from '../ui/link.js';
import { Show } from '../ui/panel.js';
import { TopBar } from '../ui/top-bar.js';

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
          {(s) => {
            const tz = view.tz ?? s.timezone;
            const pdf = exportUrl(view.tab === 'people' ? 'overview' : 'agents/overview', view, {}, 'pdf');
            return (
              <>
                <div class="dash-head">
                  <h1>{s.domain}</h1>
                  <span class="muted">Times in {tz}</span>
                  <a class="export" href={pdf} download>
                    PDF report
                  </a>
                </div>
                <WindowControls view={view} tz={tz} set={set} />
                <ReadershipTabs view={view} set={set} />
                <div class="filter-tools">
                  <FilterBuilder key={JSON.stringify([view.tab, view.filters])} view={view} set={set} />
                  <Segments view={view} set={set} />
                </div>
                {view.filters.length > 0 && (
                  <ul class="chips" aria-label="Filters">
                    {view.filters.map((f, i) => {
                      const text = nodeText(f);
                      return (
                        <li key={`${text}-${i}`} class="chip">
                          {isFilter(f) ? <FilterWords f={f} /> : <span>{text}</span>}
                          <button
                            type="button"
                            aria-label={`Remove filter ${text}`}
                            onClick={() => set(withoutFilter(view, i))}
                          >
                            ×
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                )}
                <div role="tabpanel" aria-label={TAB_LABEL[view.tab]}>
                  {view.tab === 'people' ? (
                    <PeopleTab view={view} tz={tz} set={set} />
                  ) : (
                    <AgentsTab view={view} tz={tz} set={set} />
                  )}
                </div>
              </>
            );
          }}
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

function FilterWords({ f }: { f: Filter }) {
  const w = filterWords(f);
  return (
    <span>
      {w.dimension} {w.op} <strong>{w.value}</strong>
    </span>
  );
}
