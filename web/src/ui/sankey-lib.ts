/**
 * Chart.js with only what a Sankey chart draws, registered once. Imported by name (statically) so
 * the bundler leaves the rest of Chart.js out; loaded on demand by `sankey-chart.tsx`.
 */
import { Chart, LinearScale, Tooltip } from 'chart.js';
import { Flow, SankeyController } from 'chartjs-chart-sankey';

Chart.register(LinearScale, Tooltip, SankeyController, Flow);

export { Chart };
