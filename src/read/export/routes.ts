import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../auth/guards.js';
import { withReadSlot } from '../budget/read-budget.js';
import type { ReadDeps } from '../read-deps.js';
import { csvStream } from './csv.js';
import { fileName } from './labels.js';
import { exportRows, PAGE_ROWS } from './page-through.js';
import { pdfDocument } from './pdf.js';
import { chartOf, collect } from './pdf-summary.js';
import { exportables, exportRequest } from './request.js';
import type { ExportFamily } from './shape.js';

export interface ExportRoutesOptions {
  deps: ReadDeps;
  /** The families of reads that export, each with its export shapes. */
  families: readonly ExportFamily[];
  /** Rows per page when a list read is paged through (tests use a small one). */
  pageRows?: number;
}

/**
 * `export.csv` and `export.pdf`: the read that `report` names, with its envelope and its own
 * parameters, as a file. Everything that can fail a request (credential, parameters, access, the
 * first page of data) happens before the first byte, and so answers with the JSON error envelope.
 */
export const exportRoutes: FastifyPluginAsync<ExportRoutesOptions> = async (app, opts) => {
  const { deps, pageRows = PAGE_ROWS } = opts;
  const reads = exportables(opts.families);
  const disposition = (name: string) => `attachment; filename="${name}"`;

  /** The export request, whose connection goes back when the response closes (sent, failed or dropped). */
  async function openExport(principal: Principal, req: FastifyRequest, reply: FastifyReply) {
    const x = await exportRequest(deps, principal, req, reads, pageRows);
    const close = () => void x.read.close?.();
    if (reply.raw.destroyed) close();
    else reply.raw.once('close', close);
    return x;
  }

  app.get('/export.csv', (req, reply) =>
    withReadSlot(deps, req, reply, { allowSession: true, allowShare: true }, async (principal) => {
      const x = await openExport(principal, req, reply);
      const layout = { report: x.report.name, columns: x.columns, listColumn: x.listColumn };
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          disposition(fileName(x.site.domain, x.report.name, x.q, x.q.tz, 'csv')),
        )
        .send(csvStream(layout, exportRows(x.read)));
    }),
  );

  app.get('/export.pdf', (req, reply) =>
    withReadSlot(deps, req, reply, { allowSession: true, allowShare: true }, (principal) =>
      pdfExport(principal, req, reply),
    ),
  );

  async function pdfExport(principal: Principal, req: FastifyRequest, reply: FastifyReply) {
    const x = await openExport(principal, req, reply);
    // The PDF is drawn from what was read: the connection goes back first.
    const kept = await collect(x.read).finally(() => x.read.close?.());
    const doc = pdfDocument({
      domain: x.site.domain,
      report: x.report.name,
      q: x.q,
      params: x.params as Record<string, unknown>,
      pageThrough: x.pageThrough,
      columns: x.columns,
      chart: chartOf(x.shape, x.columns, kept),
      kept,
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', disposition(fileName(x.site.domain, x.report.name, x.q, x.q.tz, 'pdf')))
      .send(doc);
  }
};
