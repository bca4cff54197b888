import type pg from 'pg';
import type { Db } from '../db/sql.js';
import type { Logger } from '../log.js';
import type { Mailer } from '../mail/mailer.js';
import { runEvery } from '../jobs/run-every.js';
import type { CitationGapSettings } from '../read/citation-gap/verdict.js';
import { siteRole } from '../sites/roles.js';
import { judgeAlert } from './alerts.js';
import {
  type Claimed,
  claimDueDeliveries,
  deliveryContext,
  failDelivery,
  finishDelivery,
  heldBefore,
  pruneDeliveries,
} from './deliveries.js';
import { buildDigest } from './digest.js';
import { isDigest } from './kinds.js';
import { periodsOf } from './periods.js';
import { alertMail, digestMail } from './render.js';

export interface ReportDeps {
  /** Claims and delivery rows (the primary). */
  db: pg.Pool;
  /** The reads a mail's figures come from: the read pool, as the HTTP reads use. */
  readDb: Db;
  mailer: Mailer;
  log: Logger;
  /** The clock every due period, lease and retry is reckoned by; tests give their own. */
  now: () => Date;
  /** The dashboard's address (publicUrl), for the link in each mail. */
  publicUrl: string;
  citationGap: CitationGapSettings;
}

/**
 * One claimed delivery: a subscriber no longer a member of the site gets nothing (`quiet`); a
 * report is built and mailed; an alert is judged and mailed only when its condition starts to
 * hold. A failed send is left to be retried after the lease (failDelivery).
 */
async function deliver(deps: ReportDeps, c: Claimed): Promise<'sent' | 'quiet' | 'failed' | 'gone'> {
  const { db } = deps;
  const ctx = await deliveryContext(db, c.subscriptionId);
  if (ctx === null) return 'gone';
  const site = await siteRole(db, ctx.siteId, ctx.userId);
  if (site === null) return 'gone';
  if (site.role === null) {
    await finishDelivery(db, c, deps.now(), 'quiet', null);
    return 'quiet';
  }
  const periods = periodsOf(ctx.kind, c.periodStart, site.timezone);
  const dashboard = `${deps.publicUrl}/sites/${site.id}`;
  let held: boolean | null = null;
  try {
    let mail;
    if (isDigest(ctx.kind)) {
      mail = digestMail(
        ctx.email,
        ctx.kind,
        site,
        periods,
        await buildDigest(deps.readDb, site, periods, deps.citationGap),
        dashboard,
      );
    } else {
      const verdict = await judgeAlert(deps.readDb, site, ctx.kind, ctx.threshold!, periods);
      held = verdict.held;
      if (!verdict.held || (await heldBefore(db, c.subscriptionId, c.periodStart))) {
        await finishDelivery(db, c, deps.now(), 'quiet', held);
        return 'quiet';
      }
      mail = alertMail(ctx.email, ctx.kind, ctx.threshold!, site, periods, verdict, dashboard);
    }
    await deps.mailer.send(mail);
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    deps.log.warn({ subscription: c.subscriptionId, period: c.periodStart, error }, 'report mail failed');
    await failDelivery(db, c, deps.now(), error, held);
    return 'failed';
  }
  await finishDelivery(db, c, deps.now(), 'sent', held);
  return 'sent';
}

export interface ReportRun {
  sent: number;
  quiet: number;
  failed: number;
}

/**
 * Claims and delivers everything due at `deps.now()`, a batch at a time, until nothing is left;
 * first prunes the rows of periods long past (an alert leaves one row an hour).
 */
export async function runDueReports(deps: ReportDeps): Promise<ReportRun> {
  const run: ReportRun = { sent: 0, quiet: 0, failed: 0 };
  await pruneDeliveries(deps.db, deps.now());
  for (;;) {
    const due = await claimDueDeliveries(deps.db, deps.now());
    if (due.length === 0) return run;
    for (const c of due) {
      const outcome = await deliver(deps, c);
      if (outcome !== 'gone') run[outcome] += 1;
    }
  }
}

/**
 * Runs `runDueReports` every `minutes` (the first a minute after start) in the projector role;
 * each period of each subscription is claimed by one machine (docs/operations.md#mailed-reports-and-alerts).
 */
export function scheduleReports(deps: ReportDeps, minutes: number): { stop(): void } {
  return runEvery(
    () => runDueReports(deps).catch((err) => deps.log.warn({ err }, 'report run failed')),
    60_000,
    minutes * 60_000,
  );
}
