import { type Sql, sql } from '../../src/db/sql.js';
import { dayOf } from '../agent-coverage/day-chain.js';

interface DayFigures {
  site: number;
  pathname: string;
  day: number;
  fetches: number;
  html: number;
  arrivals: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A batch's figures per URL and UTC day (fetches, HTML fetches, answer-engine arrivals given or
 * taken back) and the statements that add them to `url_citation_through` (migration 0024): first
 * the batch's days the site has no rows for are opened, each as a copy of the site's previous open
 * day (all of them from the rows before this statement: a day nothing happened on has the totals
 * of the open day before it); then each figure is added to its day and every later open day, a
 * URL new there getting its row.
 */
export class RunningTotals {
  private readonly days = new Map<string, DayFigures>();

  add(site: number, pathname: string, ts: number, fetches: number, html: number, arrivals: number): void {
    const day = dayOf(ts);
    const key = `${site}\u0000${pathname}\u0000${day}`;
    const row = this.days.get(key) ?? { site, pathname, day, fetches: 0, html: 0, arrivals: 0 };
    row.fetches += fetches;
    row.html += html;
    row.arrivals += arrivals;
    this.days.set(key, row);
  }

  statements(): Sql[] {
    if (this.days.size === 0) return [];
    const d = [...this.days.values()];
    return [
      sql`
      WITH k AS (
        SELECT DISTINCT * FROM unnest(${d.map((r) => r.site)}::bigint[], ${d.map((r) => iso(r.day))}::timestamptz[])
          AS k(site_id, day)),
      opened AS (INSERT INTO url_citation_days (site_id, day) SELECT * FROM k ON CONFLICT DO NOTHING RETURNING *)
      INSERT INTO url_citation_through (site_id, day, pathname, fetches, html_fetches, arrivals)
      SELECT o.site_id, o.day, t.pathname, t.fetches, t.html_fetches, t.arrivals
      FROM opened o
      CROSS JOIN LATERAL (
        SELECT max(x.day) AS day FROM url_citation_days x WHERE x.site_id = o.site_id AND x.day < o.day) p
      JOIN url_citation_through t ON t.site_id = o.site_id AND t.day = p.day`,
      sql`
      INSERT INTO url_citation_through AS t (site_id, day, pathname, fetches, html_fetches, arrivals)
      SELECT k.site_id, x.day, k.pathname, sum(k.fetches), sum(k.html), sum(k.arrivals)
      FROM unnest(${d.map((r) => r.site)}::bigint[], ${d.map((r) => r.pathname)}::text[],
        ${d.map((r) => iso(r.day))}::timestamptz[], ${d.map((r) => r.fetches)}::bigint[], ${d.map((r) => r.html)}::bigint[],
        ${d.map((r) => r.arrivals)}::bigint[]) AS k(site_id, pathname, day, fetches, html, arrivals)
      JOIN url_citation_days x ON x.site_id = k.site_id AND x.day >= k.day
      GROUP BY 1, 2, 3
      ON CONFLICT (site_id, day, pathname) DO UPDATE SET fetches = t.fetches + excluded.fetches,
        html_fetches = t.html_fetches + excluded.html_fetches, arrivals = t.arrivals + excluded.arrivals`,
    ];
  }
}
