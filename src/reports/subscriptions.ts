import { type Db, sql } from '../db/sql.js';
import type { SubscriptionKind } from './kinds.js';

export interface Subscription {
  id: number;
  site: number;
  kind: SubscriptionKind;
  threshold: number | null;
  created_at: string;
}

interface Row {
  id: number;
  site_id: number;
  kind: SubscriptionKind;
  threshold: number | null;
  created_at: Date;
}

const view = (r: Row): Subscription => ({
  id: Number(r.id),
  site: Number(r.site_id),
  kind: r.kind,
  threshold: r.threshold,
  created_at: r.created_at.toISOString(),
});

/**
 * The user's subscription of `kind` on the site, created, or its threshold replaced when it had
 * one already (same id, so the periods already mailed are not mailed again); `created` says which.
 */
export async function subscribe(
  db: Db,
  s: { siteId: number; userId: number; kind: SubscriptionKind; threshold: number | null },
): Promise<{ subscription: Subscription; created: boolean }> {
  const { rows } = await db.query<Row & { created: boolean }>(sql`
    INSERT INTO report_subscriptions (site_id, user_id, kind, threshold)
    VALUES (${s.siteId}, ${s.userId}, ${s.kind}, ${s.threshold})
    ON CONFLICT (site_id, user_id, kind) DO UPDATE SET threshold = excluded.threshold
    RETURNING id, site_id, kind, threshold, created_at, (xmax = 0) AS created`);
  const row = rows[0]!;
  return { subscription: view(row), created: row.created };
}

/** The user's own subscriptions on the site, in the order of SUBSCRIPTION_KINDS' listing. */
export async function listSubscriptions(db: Db, siteId: number, userId: number): Promise<Subscription[]> {
  const { rows } = await db.query<Row>(sql`
    SELECT id, site_id, kind, threshold, created_at FROM report_subscriptions
    WHERE site_id = ${siteId} AND user_id = ${userId}
    ORDER BY array_position(ARRAY['weekly', 'monthly', 'spike', 'drop', 'agent_flood'], kind)`);
  return rows.map(view);
}

/** Who holds a subscription (null when there is none). */
export async function subscriptionHolder(db: Db, id: number): Promise<number | null> {
  const { rows } = await db.query<{ user_id: string }>(
    sql`SELECT user_id FROM report_subscriptions WHERE id = ${id}`,
  );
  return rows[0] ? Number(rows[0].user_id) : null;
}

export async function unsubscribe(db: Db, id: number, userId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    sql`DELETE FROM report_subscriptions WHERE id = ${id} AND user_id = ${userId}`,
  );
  return rowCount === 1;
}
