import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/read/export/csv.js';
import { fileName, windowLabel } from '../../src/read/export/labels.js';
import { exportRows, type ExportRead } from '../../src/read/export/page-through.js';
import { columnsOf, hasListColumn, sections } from '../../src/read/export/table.js';

describe('a read’s data as export rows', () => {
  it('flattens one object into one row: comparison and change as prefixed columns, absent stays absent', () => {
    const s = sections({ visitors: 3, sessions: 0, comparison: { visitors: 1 }, change: { visitors: 200 } });
    expect(s).toEqual([
      {
        list: undefined,
        isList: false,
        rows: [{ visitors: 3, sessions: 0, comparison_visitors: 1, change_visitors: 200 }],
      },
    ]);
    expect(hasListColumn(s)).toBe(false);
  });

  it('pairs the comparison series with the series by position, the longer one setting the rows', () => {
    const s = sections({
      series: [{ t: 'a', value: 1 }, { t: 'b' }],
      comparison: [
        { t: 'x', value: 5 },
        { t: 'y', value: 6 },
        { t: 'z', value: 7 },
      ],
    });
    expect(s).toHaveLength(1);
    expect(s[0]!.rows).toEqual([
      { t: 'a', value: 1, comparison_t: 'x', comparison_value: 5 },
      { t: 'b', comparison_t: 'y', comparison_value: 6 },
      { comparison_t: 'z', comparison_value: 7 },
    ]);
    expect(columnsOf(s, ['t', 'value'])).toEqual(['t', 'value', 'comparison_t', 'comparison_value']);
  });

  it('makes each list of a grouped read a section, behind its top-level fields, with a list column', () => {
    const s = sections({
      agents: 2,
      pages: [{ pathname: '/a', fetches: 3 }],
      operators: [{ value: 'openai' }],
    });
    expect(s.map((x) => [x.list, x.isList, x.rows.length])).toEqual([
      [undefined, false, 1],
      ['pages', true, 1],
      ['operators', true, 1],
    ]);
    expect(hasListColumn(s)).toBe(true);
    expect(columnsOf(s)).toEqual(['agents', 'pathname', 'fetches', 'value']);
  });

  it('keeps a list inside a row as one cell of JSON text', () => {
    expect(sections([{ url: '/a', agents: ['gptbot', 'ccbot'] }])[0]!.rows).toEqual([
      { url: '/a', agents: '["gptbot","ccbot"]' },
    ]);
  });
});

describe('CSV cells', () => {
  it('prefixes text a spreadsheet would run as a formula, and a leading quote, with one quote', () => {
    expect(['=1+1', '+x', '-x', '@x', '\tx', '\rx', "'x", 'x=1', ''].map(csvCell)).toEqual([
      "'=1+1",
      "'+x",
      "'-x",
      "'@x",
      "'\tx",
      "'\rx",
      "''x",
      'x=1',
      '',
    ]);
  });

  it('writes numbers as JSON does, and null and absent as empty cells', () => {
    expect([-50, 33.3, 0, true, null, undefined].map(csvCell)).toEqual(['-50', '33.3', '0', 'true', '', '']);
  });
});

describe('paging through', () => {
  it('reads each list to its end before the next one, fetching a page only when the one before is taken', async () => {
    const page = (n: number) => [
      { list: 'a', isList: true, rows: n === 1 ? [{ v: 1 }, { v: 2 }] : n === 2 ? [{ v: 3 }] : [] },
      {
        list: 'b',
        isList: true,
        rows: n === 1 ? [{ v: 'x' }, { v: 'y' }] : n === 2 ? [{ v: 'z' }, { v: 'w' }] : [],
      },
    ];
    const fetched: number[] = [];
    const read: ExportRead = {
      first: page(1),
      next: async (n) => {
        fetched.push(n);
        return page(n);
      },
      pageRows: 2,
    };
    const out: string[] = [];
    for await (const { list, row } of exportRows(read)) out.push(`${list}:${row.v}@${fetched.length}`);
    expect(out).toEqual(['a:1@0', 'a:2@0', 'a:3@1', 'b:x@1', 'b:y@1', 'b:z@2', 'b:w@2']);
    expect(fetched).toEqual([2, 2, 3]);
  });
});

describe('file names and windows', () => {
  const day = { start: new Date('2026-11-01T18:15:00Z'), end: new Date('2026-11-02T18:15:00Z') };
  it('names the local days of the window in the file name', () => {
    expect(fileName('example.com', 'agents/overview', day, 'Asia/Kathmandu', 'csv')).toBe(
      'twofold-example.com-agents_overview-2026-11-02-2026-11-02.csv',
    );
  });
  it('shows whole local days as dates and other windows as local times', () => {
    expect(windowLabel(day, 'Asia/Kathmandu')).toBe('2026-11-02');
    expect(windowLabel(day, 'UTC')).toBe('2026-11-01 18:15 – 2026-11-02 18:15');
  });
});
