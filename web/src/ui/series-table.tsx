import { formatMetric } from '../lib/format.js';
import type { Line } from './line.js';

function bucketLabel(t: string, tz: string): string {
  return new Date(t).toLocaleString(undefined, { timeZone: tz, dateStyle: 'medium', timeStyle: 'short' });
}

/** A chart's buckets as a table, one column per line: the chart's alternative for every reader. */
export function SeriesTable({
  caption,
  metric,
  lines,
  tz,
}: {
  caption: string;
  metric: string;
  lines: Line[];
  tz: string;
}) {
  return (
    <div class="table-wrap">
      <table>
        <caption class="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Time ({tz})</th>
            {lines.map((l, i) => (
              <th scope="col" class="num" key={i}>
                {l.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines[0]?.points.map((p, i) => (
            <tr key={p.t}>
              <th scope="row">{bucketLabel(p.t, tz)}</th>
              {lines.map((l, j) => (
                <td class="num" key={j}>
                  {formatMetric(metric, l.points[i]?.value)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
