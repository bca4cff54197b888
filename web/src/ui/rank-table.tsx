import type { ComponentChildren } from 'preact';
import { formatMetric, metricLabel } from '../lib/format.js';

export interface Column<R> {
  key: string;
  label?: string;
  /** Defaults to the row's field of that key, in that metric's unit. */
  render?: (row: R) => ComponentChildren;
}

interface RankTableProps<R> {
  caption: string;
  rows: R[];
  /** The row's name, first column. */
  name: (row: R) => string | number | null;
  nameLabel: string;
  columns: Column<R>[];
  /** Clicking a row's name adds it as a filter. */
  onPick?: (row: R) => void;
  /** A bar behind the name, as a share of the top row. */
  bar?: (row: R) => number;
}

export function RankTable<R>({ caption, rows, name, nameLabel, columns, onPick, bar }: RankTableProps<R>) {
  const top = bar ? Math.max(...rows.map(bar), 1) : 1;
  return (
    <div class="table-wrap">
      <table class="rank">
        <caption class="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{nameLabel}</th>
            {columns.map((c) => (
              <th scope="col" class="num" key={c.key}>
                {c.label ?? metricLabel(c.key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const n = name(row);
            const label = n === null ? '(none)' : String(n);
            const width = bar ? `${(100 * bar(row)) / top}%` : undefined;
            return (
              <tr key={i}>
                <th scope="row" class="name">
                  {width && <span class="bar" style={{ width }} aria-hidden="true" />}
                  {onPick && n !== null ? (
                    <button
                      type="button"
                      class="pick"
                      onClick={() => onPick(row)}
                      title={`Filter by ${label}`}
                    >
                      {label}
                    </button>
                  ) : (
                    <span class="label">{label}</span>
                  )}
                </th>
                {columns.map((c) => (
                  <td class="num" key={c.key}>
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
