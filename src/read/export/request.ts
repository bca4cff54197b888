import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.js';
import { parseInput } from '../../http/parse.js';
import { type ReadRequest, readRequest } from '../envelope/handler.js';
import type { Report } from '../envelope/report.js';
import type { ExportRead } from './page-through.js';
import type { ExportShape, ShapeBook } from './shape.js';
import { columnsOf, hasListColumn, sections } from './table.js';

export interface ExportRequest extends ReadRequest {
  read: ExportRead;
  shape: ExportShape | undefined;
  columns: string[];
  listColumn: boolean;
  /** Whether a list read is paged through (no `limit`/`page` given) rather than read as one page. */
  pageThrough: boolean;
}

/** Reports by name; two reads of one name could not be told apart by `report`. */
export function reportsByName(reports: readonly Report[]): ReadonlyMap<string, Report> {
  const byName = new Map<string, Report>();
  for (const r of reports) {
    if (byName.has(r.name)) throw new Error(`two exportable reports are named ${r.name}`);
    byName.set(r.name, r);
  }
  return byName;
}

function chooser(reports: ReadonlyMap<string, Report>): (input: unknown) => Report {
  const names = [...reports.keys()] as [string, ...string[]];
  const message = `report must be one of ${names.join(', ')}`;
  const schema = z.object({ report: z.enum(names, { error: message }) });
  return (input) => reports.get(parseInput(schema, input).report)!;
}

const given = (input: unknown, key: string) =>
  typeof input === 'object' && input !== null && (input as Record<string, unknown>)[key] !== undefined;

/**
 * The read request (401, 400 with `report` among the parameters, 403), then its first call. A
 * list read (one whose parameters hold `limit` and `page`) without either given is paged through
 * to its end; with either, the export holds exactly the rows of that JSON page.
 */
export async function exportRequest(
  deps: AppDeps,
  req: FastifyRequest,
  reports: ReadonlyMap<string, Report>,
  shapes: ShapeBook,
  pageRows: number,
): Promise<ExportRequest> {
  const r = await readRequest(deps, req, chooser(reports));
  const params = r.params as Record<string, unknown>;
  const paged = typeof params.limit === 'number' && typeof params.page === 'number';
  const pageThrough = paged && !given(req.query, 'limit') && !given(req.query, 'page');
  const call = async (p: Record<string, unknown>) => sections(await r.variant.read(deps.db, r.q, p));
  const first = await call(pageThrough ? { ...params, limit: pageRows, page: 1 } : params);
  const read: ExportRead = {
    first,
    ...(pageThrough ? { next: (page: number) => call({ ...params, limit: pageRows, page }) } : {}),
    pageRows,
  };
  const shape = shapes[r.report.name]?.[r.q.audience];
  return {
    ...r,
    read,
    shape,
    columns: columnsOf(first, shape?.columns(r.q)),
    listColumn: hasListColumn(first),
    pageThrough,
  };
}
