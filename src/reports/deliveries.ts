import type pg from 'pg';
import { sql } from '../db/sql.js';
import type { SubscriptionKind } from './kinds.js';
import { lastPeriodStart, SETTLE_MS } from './periods.js';

/** How long a claimed delivery is its claimer's: after it, another machine may take it over. */
export const LEASE_MS = 10 * 60_000;
/** A delivery whose sends failed this many times is given up (`failed`). */
export const MAX_ATTEMPTS = 5;

export interface Claimed {
  subscriptionId: number;
  periodStart: Date;
  attempts: number;
}

/**
 * Claims, in one statement, the deliveries due at `now`: each subscription's last complete period
 * (lastPeriodStart) without a row yet, and rows still `sending` whose lease ran out (a machine
 * that died mid-send, or a send that failed and waits for its retry). A claimed row belongs to
 * its claimer until `now + LEASE_MS`; a second machine's insert meets the row and takes nothing.
 */
export async function claimDueDeliveries(db: pg.Pool, now: Date, limit = 50): Promise<Claimed[]> {
  const settled = new Date(now.getTime() - SETTLE_MS);
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const { rows } = await db.query<{ subscription_id: number; period_start: Date; attempts: number }>(sql`
    WITH due AS (
      SELECT sub.id, ${lastPeriodStart(sql`sub.kind`, settled, sql`s.timezone`)} AS period_start
      FROM report_subscriptions sub JOIN sites s ON s.id = sub.site_id),
    open AS (
      SELECT due.id, due.period_start FROM due
      LEFT JOIN report_deliveries d ON d.subscription_id = due.id AND d.period_start = due.period_start
      WHERE d.subscription_id IS NULL OR (d.status = 'sending' AND d.lease_until <= ${now}::timestamptz)
      ORDER BY due.id LIMIT ${limit})
    INSERT INTO report_deliveries AS d (subscription_id, period_start, status, attempts, lease_until)
    SELECT id, period_start, 'sending', 1, ${leaseUntil}::timestamptz FROM open
    ON CONFLICT (subscription_id, period_start) DO UPDATE
      SET attempts = d.attempts + 1, lease_until = excluded.lease_until
      WHERE d.status = 'sending' AND d.lease_until <= ${now}::timestamptz
    RETURNING d.subscription_id, d.period_start, d.attempts`);
  return rows.map((r) => ({
    subscriptionId: r.subscription_id,
    periodStart: r.period_start,
    attempts: r.attempts,
  }));
}

/** What a claimed delivery needs: the subscription, its site and its holder's address. */
export interface DeliveryContext {
  kind: SubscriptionKind;
  threshold: number | null;
  siteId: number;
  userId: number;
  email: string;
}

/** Null when the subscription was deleted since the claim (its rows went with it). */
export async function deliveryContext(db: pg.Pool, subscriptionId: number): Promise<DeliveryContext | null> {
  const { rows } = await db.query<{
    kind: SubscriptionKind;
    threshold: number | null;
    site_id: number;
    user_id: number;
    email: string;
  }>(sql`
    SELECT sub.kind, sub.threshold, sub.site_id, sub.user_id, u.email
    FROM report_subscriptions sub JOIN users u ON u.id = sub.user_id WHERE sub.id = ${subscriptionId}`);
  const r = rows[0];
  return r
    ? { kind: r.kind, threshold: r.threshold, siteId: r.site_id, userId: r.user_id, email: r.email }
    : null;
}

/**
 * Whether the alert's condition held in its last judged period before `start` (false when none
 * was): an alert mails when its condition starts to hold, not again while it goes on holding.
 */
export async function heldBefore(db: pg.Pool, subscriptionId: number, start: Date): Promise<boolean> {
  const { rows } = await db.query<{ held: boolean }>(sql`
    SELECT held FROM report_deliveries
    WHERE subscription_id = ${subscriptionId} AND period_start < ${start}::timestamptz AND held IS NOT NULL
    ORDER BY period_start DESC LIMIT 1`);
  return rows[0]?.held ?? false;
}

/**
 * Ends a claimed delivery as `sent` or `quiet`, only while the claim is still this one (the same
 * attempt): a machine whose lease ran out and was taken over writes nothing.
 */
export async function finishDelivery(
  db: pg.Pool,
  c: Claimed,
  now: Date,
  status: 'sent' | 'quiet',
  held: boolean | null,
): Promise<void> {
  await db.query(sql`
    UPDATE report_deliveries SET status = ${status}, held = ${held}, finished_at = ${now}::timestamptz,
      last_error = NULL
    WHERE subscription_id = ${c.subscriptionId} AND period_start = ${c.periodStart}::timestamptz
      AND attempts = ${c.attempts} AND status = 'sending'`);
}

/**
 * A send that failed: retried by whichever machine claims it after a lease from `now`, or given
 * up (`failed`) after MAX_ATTEMPTS. `held` is kept so the next hour's alert knows this one fired.
 */
export async function failDelivery(
  db: pg.Pool,
  c: Claimed,
  now: Date,
  error: string,
  held: boolean | null,
): Promise<void> {
  const status = c.attempts >= MAX_ATTEMPTS ? 'failed' : 'sending';
  await db.query(sql`
    UPDATE report_deliveries SET status = ${status}, held = ${held},
      lease_until = ${new Date(now.getTime() + LEASE_MS)}::timestamptz, last_error = ${error.slice(0, 500)},
      finished_at = ${status === 'failed' ? now : null}::timestamptz
    WHERE subscription_id = ${c.subscriptionId} AND period_start = ${c.periodStart}::timestamptz
      AND attempts = ${c.attempts} AND status = 'sending'`);
}

/**
 * How long delivery rows are kept after their period began: longer than any period, so the row of
 * each subscription's latest period (which keeps it from being mailed again) is never among them.
 */
export const KEEP_DELIVERIES_DAYS = 100;

/** Deletes the delivery rows of periods that began more than KEEP_DELIVERIES_DAYS before `now`. */
export async function pruneDeliveries(db: pg.Pool, now: Date): Promise<number> {
  const before = new Date(now.getTime() - KEEP_DELIVERIES_DAYS * 86_400_000);
  const { rowCount } = await db.query(
    sql`DELETE FROM report_deliveries WHERE period_start < ${before}::timestamptz`,
  );
  return rowCount ?? 0;
}
