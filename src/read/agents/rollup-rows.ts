import { AGENT_GRAINS } from '../../../projections/agent-rollup-minute/grains.js';
import { join, raw, type Sql, sql } from '../../db/sql.js';
import type { Window } from '../envelope/range.js';
import { splitByGrains } from '../stats/rollup-totals.js';
import { inWindow } from '../envelope/in-window.js';

/**
 * The agent rollup rows that sum to a window's fetches (window edges on whole minutes): its whole
 * UTC days from `agent_rollup_day`, whole hours at either end from `agent_rollup_hour`, minutes at
 * the ragged edges; as a subquery of `agent_id, operator, purpose, verified, verified_by, fetches,
 * html_fetches, bytes, forged_fetches`. Every grain keys by agent, so distinct agents over these rows are exact.
 */
export function agentRollupRows(site: number, w: Window): Sql {
  const parts = splitByGrains(w.start.getTime(), w.end.getTime(), AGENT_GRAINS);
  if (parts.length === 0)
    return sql`SELECT NULL::text AS agent_id, NULL::text AS operator, NULL::text AS purpose, NULL::boolean AS verified,
      NULL::text AS verified_by, 0::bigint AS fetches, 0::bigint AS html_fetches, 0::bigint AS bytes,
      0::bigint AS forged_fetches WHERE FALSE`;
  return join(
    parts.map(({ grain, start, end }) => {
      return sql`
        SELECT agent_id, operator, purpose, verified, verified_by, fetches, html_fetches, bytes, forged_fetches
        FROM ${raw(grain.table)}
        WHERE site_id = ${site} AND ${inWindow(grain.column, { start, end })}`;
    }),
    ' UNION ALL ',
  );
}
