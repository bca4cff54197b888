import type { ComponentChildren } from 'preact';
import { formatMetric, metricLabel } from '../lib/format.js';

export interface Column<R> {
  key: string;
  label?: string;
  /** Defaults to the row's field of that key, in that metric's unit. */
  render?: (row: R) => ComponentChildren;
  /** Words rather than a figure (a list of agents, a chart): left-aligned, wrapping. */
  text?: boolean;
}

interface RankTableProps<R> {
  caption: string;
  rows: R[];
  /** The row's name, first column. */
  name: (row: R) => string | number | null;
  nameLabel: string;
  columns: Column<R>[];
  /** Clicking a row's name adds it as a filter (or what `pickTitle` says it does). */
  onPick?: (row: R) => void;
  pickTitle?: (label: string) => string;
  /** Rows that cannot be picked (an anonymous visitor has no identity to filter by). */
  pickable?: (row: R) => boolean;
  /** A bar behind the name, as a share of the top row. */
  bar?: (row: R) => number;
  /** What a row without a value is called ("(no campaign)"); "(none)" unless said. */
  none?: string;
  /** How a name reads (a country code as its name); the filter keeps the value itself. */
  display?: (name: string) => string;
  /** Long names (error messages) wrap instead of being cut. */
  wrap?: boolean;
  /** A second line under the name. */
  detail?: (row: R) => ComponentChildren;
}

export function RankTable<R>({
  caption,
  rows,
  name,
  nameLabel,
  columns,
  onPick,
  pickTitle = (label) => `Filter by ${label}`,
  pickable,
  bar,
  display,
  none = '(none)',
  wrap,
  detail,
}: RankTableProps<R>) {
  const top = bar ? Math.max(...rows.map(bar), 1) : 1;
  return (
    <div class="table-wrap">
      <table class="rank">
        <caption class="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{nameLabel}</th>
            {columns.map((c) => (
              <th scope="col" class={c.text ? undefined : 'num'} key={c.key}>
                {c.label ?? metricLabel(c.key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const n = name(row);
            const label = n === null ? none : display ? display(String(n)) : String(n);
            const width = bar ? `${(100 * bar(row)) / top}%` : undefined;
            const second = detail?.(row);
            return (
              <tr key={i}>
                <th scope="row" class={wrap ? 'name wrap' : 'name'}>
                  {width && <span class="bar" style={{ width }} aria-hidden="true" />}
                  {onPick && n !== null && (pickable?.(row) ?? true) ? (
                    <button type="button" class="pick" onClick={() => onPick(row)} title={pickTitle(label)}>
                      {label}
                    </button>
                  ) : (
                    <span class="label">{label}</span>
                  )}
                  {second && <span class="detail">{second}</span>}
                </th>
                {columns.map((c) => (
                  <td class={c.text ? 'text' : 'num'} key={c.key}>
                    {c.render
                      ? c.render(row)
                      : formatMetric(c.key, (row as Record<string, number | undefined>)[c.key])}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
