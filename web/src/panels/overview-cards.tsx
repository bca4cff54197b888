import type { ComponentChildren } from 'preact';
import { figure, type Overview } from '../lib/types.js';
import type { Read } from '../lib/use-read.js';
import type { Metric, View } from '../lib/view.js';
import { Show } from '../ui/panel.js';
import { StatCards } from '../ui/stat-cards.js';

interface OverviewCardsProps {
  read: Read<Overview>;
  metrics: readonly Metric[];
  view: View;
  set: (v: View) => void;
  /** The figure that is 0 on a site that sends nothing yet, and what to do about it. */
  activity: Metric;
  getStarted: ComponentChildren;
}

/** The tab's top stats, or, for a site with nothing in the window, how to start sending it. */
export function OverviewCards({ read, metrics, view, set, activity, getStarted }: OverviewCardsProps) {
  return (
    <Show read={read} empty="">
      {(o) => (
        <>
          {!figure(o, activity) && view.filters.length === 0 && <p class="notice">{getStarted}</p>}
          <StatCards
            overview={o}
            metrics={metrics}
            selected={view.metric}
            onSelect={(metric) => set({ ...view, metric })}
          />
        </>
      )}
    </Show>
  );
}
