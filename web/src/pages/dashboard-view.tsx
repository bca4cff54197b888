import { exportUrl } from '../lib/read-params.js';
import { filterWords, nodeText } from '../lib/filter-label.js';
import { type Filter, isFilter } from '../lib/filter-tree.js';
import { type View, withoutFilter } from '../lib/view.js';
import { FilterBuilder } from '../ui/filter-builder.js';
import { Segments } from '../ui/segments.js';
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
  /** The signed-in user manages the site: the panels only its owner and admins may use show. */
  manage?: boolean;
}

/** A site's dashboard under its heading: window, readership, filters and the tab's panels. */
export function DashboardView({
  view,
  domain,
  timezone,
  set,
  tabs = true,
  manage = false,
}: DashboardViewProps) {
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
      <div class="filter-tools">
        <FilterBuilder key={JSON.stringify([view.tab, view.filters])} view={view} set={set} />
        {/* Segments are the site account's: a shared link's view keeps the link's own. */}
        {!view.share && <Segments view={view} set={set} />}
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
          <AgentsTab view={view} tz={tz} set={set} manage={manage} />
        )}
      </div>
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
