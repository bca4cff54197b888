import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../input/parse-input.js';
import type { Principal } from '../../auth/guards.js';
import { checkedRead, type ReadRequest } from '../envelope/handler.js';
import type { Audience } from '../envelope/query.js';
import type { Report } from '../envelope/report.js';
import { ALL_ROWS, ExportCursors } from './cursors.js';
import type { ExportRead } from './page-through.js';
import type { ReadDeps } from '../read-deps.js';
import type { ExportFamily, ExportShape } from './shape.js';
import { columnsOf, hasListColumn, type Section, sections } from './table.js';

/** What an export reads with: the pools, and how long its transaction may idle between pages. */
export type ExportDeps = Pick<ReadDeps, 'db' | 'readDb' | 'readTimeoutMs'>;

/** A read that exports, under its export name (`pages`, `agents/overview`). */
export interface Exportable {
  report: Report;
  shapes: Partial<Record<Audience, ExportShape>>;
}

export interface ExportRequest extends ReadRequest {
  read: ExportRead;
  shape: ExportShape | undefined;
  columns: string[];
  listColumn: boolean;
  /** Whether a list read is paged through (no `limit`/`page` given) rather than read as one page. */
  pageThrough: boolean;
}

/** Every family's reads by export name; two reads of one name could not be told apart. */
export function exportables(families: readonly ExportFamily[]): ReadonlyMap<string, Exportable> {
  const byName = new Map<string, Exportable>();
  for (const f of families)
    for (const r of f.reports) {
      const name = f.prefix ? `${f.prefix}/${r.name}` : r.name;
      if (byName.has(name)) throw new Error(`two exportable reports are named ${name}`);
      byName.set(name, { report: { ...r, name }, shapes: f.shapes?.[r.name] ?? {} });
    }
  return byName;
}

function chooser(reads: ReadonlyMap<string, Exportable>): (input: unknown) => Report {
  const names = [...reads.keys()] as [string, ...string[]];
  const message = `report must be one of ${names.join(', ')}`;
  const schema = z.object({ report: z.enum(names, { error: message }) });
  return (input) => reads.get(parseInput(schema, input).report)!.report;
}

const given = (input: unknown, key: string) =>
  typeof input === 'object' && input !== null && (input as Record<string, unknown>)[key] !== undefined;

/**
 * A list read's every row: the read runs on the export's cursors (src/read/export/cursors.ts), with
 * `limit` ALL_ROWS, once per page; its list queries are each run once, as a cursor, and each call
 * takes its next page from them. A read that asked for no list query answered whole at once.
 */
async function readThrough(
  deps: ExportDeps,
  r: ReadRequest,
  layout: (data: unknown) => Section[],
  params: Record<string, unknown>,
  pageRows: number,
): Promise<ExportRead> {
  const cursors = await ExportCursors.open(deps.readDb, deps.readTimeoutMs);
  const call = async (n: number) =>
    layout(await r.variant.read(cursors.page(n, pageRows), r.q, { ...params, limit: ALL_ROWS, page: 1 }));
  try {
    const first = await call(1);
    const close = () => cursors.close();
    if (cursors.lists === 0) {
      await close();
      return { first, pageRows, close };
    }
    return { first, next: call, pageRows, fullCounts: () => cursors.fullCounts(), close };
  } catch (err) {
    await cursors.close();
    throw err;
  }
}

/**
 * The read request (401, 400 with `report` among the parameters, 403), then its first call. A
 * list read (one whose parameters hold `limit` and `page`) without either given is paged through
 * to its end; with either, the export holds exactly the rows of that JSON page.
 */
export async function exportRequest(
  deps: ExportDeps,
  principal: Principal,
  req: FastifyRequest,
  reads: ReadonlyMap<string, Exportable>,
  pageRows: number,
): Promise<ExportRequest> {
  const r = await checkedRead(deps.db, principal, chooser(reads), req.query);
  const shape = reads.get(r.report.name)!.shapes[r.q.audience];
  const params = r.params as Record<string, unknown>;
  const paged = typeof params.limit === 'number' && typeof params.page === 'number';
  const pageThrough = paged && !given(req.query, 'limit') && !given(req.query, 'page');
  const layout = shape?.sections ?? sections;
  const read = pageThrough
    ? await readThrough(deps, r, layout, params, pageRows)
    : { first: layout(await r.variant.read(deps.readDb, r.q, params)), pageRows };
  const { first } = read;
  return {
    ...r,
    read,
    shape,
    columns: columnsOf(first, shape?.columns(r.q)),
    listColumn: hasListColumn(first),
    pageThrough,
  };
}
