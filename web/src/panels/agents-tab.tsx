import type { TabProps } from './tab-props.js';
import { readUrl } from '../lib/read-params.js';
import type { Overview } from '../lib/types.js';
import { useRead } from '../lib/use-read.js';
import { AGENT_METRICS } from '../lib/view.js';
import { SetupLink } from '../ui/link.js';
import { refusedFilters } from '../ui/refused-filters.js';
import { CitationGap } from './citation-gap.js';
import { ContentDecay } from './content-decay.js';
import { Coverage } from './coverage.js';
import { MetricChart } from './metric-chart.js';
import { OverviewCards } from './overview-cards.js';
import { OverviewLists } from './overview-lists.js';
import { Realtime } from './realtime.js';
import { RobotsBuilder } from './robots-builder.js';
import { Violations } from './violations.js';

/** `manage`: the signed-in user is the site's owner or an admin (the robots.txt builder is theirs). */
export function AgentsTab({ view, tz, set, manage = false }: TabProps & { manage?: boolean }) {
  const overview = useRead<Overview>(readUrl('/api/agents/overview', view));
  const refused = refusedFilters(overview, view, set);
  if (refused) return refused;
  return (
    <>
      <Realtime view={view} />
      <OverviewCards
        read={overview}
        metrics={AGENT_METRICS}
        view={view}
        set={set}
        activity="fetches"
        getStarted={
          <>
            No agent fetches in this window yet. Crawlers rarely run scripts, so agents are seen in your
            server logs: <SetupLink view={view}>ship them signed to /api/log/edge</SetupLink> (the example
            there is ready to run).
          </>
        }
      />
      <MetricChart path="/api/agents/timeseries" report="agents/timeseries" view={view} tz={tz} />
      <div class="grid">
        <OverviewLists read={overview} view={view} set={set} />
        <Coverage view={view} set={set} />
        <CitationGap view={view} set={set} />
        <Violations view={view} set={set} />
        <ContentDecay view={view} set={set} />
        {manage && !view.share && <RobotsBuilder site={view.site} />}
      </div>
    </>
  );
}
