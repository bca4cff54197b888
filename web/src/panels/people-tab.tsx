import type { TabProps } from './tab-props.js';
import { countryName } from '../lib/format.js';
import { readUrl } from '../lib/read-params.js';
import type { Overview } from '../lib/types.js';
import { useRead } from '../lib/use-read.js';
import { PEOPLE_METRICS } from '../lib/view.js';
import { SetupLink } from '../ui/link.js';
import { refusedFilters } from '../ui/refused-filters.js';
import { ErrorsPanel } from './errors-panel.js';
import { EventsPanel } from './events-panel.js';
import { FunnelsPanel } from './funnels-panel.js';
import { GoalsPanel } from './goals-panel.js';
import { JourneysPanel } from './journeys-panel.js';
import { ListsPanel } from './lists-panel.js';
import { MetricChart } from './metric-chart.js';
import { OverviewCards } from './overview-cards.js';
import { PagesPanel } from './pages-panel.js';
import { PerformancePanel } from './performance-panel.js';
import { Realtime } from './realtime.js';
import { RetentionPanel } from './retention-panel.js';
import { VisitsPanel } from './visits-panel.js';

const UNKNOWN = '(unknown)';
const NEEDS_CITY_DB =
  'Regions and cities are known only with a MaxMind City database: see GEOIP_CITY_DB in docs/operations.md.';

/** The grouped-list reads: the panel's title, its read and its lists with the dimension each filters. */
const GROUPED = [
  {
    title: 'Sources',
    report: 'sources',
    lists: [
      { list: 'channels', label: 'Channels', dimension: 'channel' },
      { list: 'sources', label: 'Sources', dimension: 'source', none: '(direct)' },
      { list: 'campaigns', label: 'Campaigns', dimension: 'utm_campaign', none: '(no campaign)' },
    ],
  },
  {
    title: 'Locations',
    report: 'locations',
    lists: [
      { list: 'countries', label: 'Countries', dimension: 'country', display: countryName, none: UNKNOWN },
      { list: 'regions', label: 'Regions', dimension: 'region', none: UNKNOWN, allUnknown: NEEDS_CITY_DB },
      { list: 'cities', label: 'Cities', dimension: 'city', none: UNKNOWN, allUnknown: NEEDS_CITY_DB },
    ],
  },
  {
    title: 'Devices',
    report: 'devices',
    lists: [
      { list: 'devices', label: 'Devices', dimension: 'device', none: UNKNOWN },
      { list: 'browsers', label: 'Browsers', dimension: 'browser', none: UNKNOWN },
      { list: 'operating_systems', label: 'Systems', dimension: 'os', none: UNKNOWN },
      { list: 'screens', label: 'Screens', dimension: 'screen', none: UNKNOWN },
    ],
  },
] as const;

export function PeopleTab({ view, tz, set }: TabProps) {
  const overview = useRead<Overview>(readUrl('/api/stats/overview', view));
  const refused = refusedFilters(overview, view, set);
  if (refused) return refused;
  return (
    <>
      <Realtime view={view} />
      <OverviewCards
        read={overview}
        metrics={PEOPLE_METRICS}
        view={view}
        set={set}
        activity="pageviews"
        getStarted={
          <>
            No pageviews in this window yet. <SetupLink view={view}>Install the tracker snippet</SetupLink> on
            your pages (or pick a longer range), and visits show here within seconds.
          </>
        }
      />
      <MetricChart path="/api/stats/timeseries" report="timeseries" view={view} tz={tz} />
      <div class="grid">
        <PagesPanel view={view} set={set} />
        {GROUPED.map((g) => (
          <ListsPanel
            key={g.report}
            title={g.title}
            path={`/api/stats/${g.report}`}
            report={g.report}
            lists={g.lists}
            view={view}
            set={set}
            empty="No visits in this window."
          />
        ))}
        <EventsPanel view={view} set={set} />
        <GoalsPanel view={view} />
        {/* Funnels are listed by the site's account (/api/funnels), which a shared link is not. */}
        {!view.share && <FunnelsPanel view={view} />}
        <JourneysPanel view={view} />
        <RetentionPanel view={view} tz={tz} />
        <PerformancePanel view={view} />
        <ErrorsPanel view={view} tz={tz} />
        <VisitsPanel view={view} tz={tz} set={set} />
      </div>
    </>
  );
}
