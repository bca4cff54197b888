import { type Db, sql } from '../../db/sql.js';
import { eachWindow, withChange } from '../envelope/compare.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import type { Source } from '../plan/planner.js';
import { pageReadsBy } from './page-reads.js';

export const ALL_OVERVIEW_METRICS = ['pageviews'] as const;

export interface AllFigures {
  pageviews: number;
}

export interface AllOverview extends AllFigures {
  comparison?: AllFigures;
  change?: Partial<AllFigures>;
}

async function figuresOf(db: Db, q: Query, w: Window, source?: Source): Promise<AllFigures> {
  const [row] = await pageReadsBy(db, q.site, w, q.filters, () => sql`NULL::timestamptz`, source);
  return { pageviews: row?.pageviews ?? 0 };
}

/** Page reads by people and agents together (see page-reads.ts), with `compare` as elsewhere. */
export async function allOverview(db: Db, q: Query, _p?: unknown, source?: Source): Promise<AllOverview> {
  const { now, before } = await eachWindow(q, (w) => figuresOf(db, q, w, source));
  return withChange(now, before, ALL_OVERVIEW_METRICS);
}
