import type { View } from '../lib/view.js';

/** What the dashboard page gives each readership's tab: the view, its time zone, and how to change it. */
export interface TabProps {
  view: View;
  tz: string;
  set: (view: View) => void;
}
