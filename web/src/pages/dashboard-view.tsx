import { exportUrl } from '../lib/read-params.js';
import { filterText, filterWords } from '../lib/filter-label.js';
import { type View, withoutFilter } from '../lib/view.js';
import { AgentsTab } from '../panels/agents-tab.js';
import { PeopleTab } from '../panels/people-tab.js';
import { ReadershipTabs, TAB_LABEL } from '../ui/readership-tabs.js';
import { WindowControls } from '../ui/window-controls.js';

interface DashboardViewProps {
  view: View;
  domain: string;
  /** The site's zone, when the view names none. */
  timezone: string;
  set: (view: View) => void;
  /** False for a shared link limited to one readership: only that readership's tab shows. */
  tabs?: boolean;
}

/** A site's dashboard under its heading: window, readership, filters and the tab's panels. */
export function DashboardView({ view, domain, timezone, set, tabs = true }: DashboardViewProps) {
  const tz = view.tz ?? timezone;
  const pdf = exportUrl(view.tab === 'people' ? 'overview' : 'agents/overview', view, {}, 'pdf');
  return (
    <>
      <div class="dash-head">
        <h1>{domain}</h1>
        <span class="muted">Times in {tz}</span>
        <a class="export" href={pdf} download>
          PDF report
        </a>
      </div>
      <WindowControls view={view} tz={tz} set={set} />
      {tabs && <ReadershipTabs view={view} set={set} />}
      {view.filters.length > 0 && (
        <ul class="chips" aria-label="Filters">
          {view.filters.map((f, i) => {
            const w = filterWords(f);
            return (
              <li key={`${f.dimension}-${i}`} class="chip">
                <span>
                  {w.dimension} {w.op} <strong>{w.value}</strong>
                </span>
                <button
                  type="button"
                  aria-label={`Remove filter ${filterText(f)}`}
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
}
