import type { Db } from '../../db/sql.js';
import { withLocalSettings } from '../../db/local-settings.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import type { Paging } from '../envelope/paging.js';
import {
  type Grouping,
  overallAndDevices,
  type VitalFigures,
  vitalGroups,
  type VitalSource,
  vitalSource,
} from './percentiles.js';

/** A row's figures, and with `compare` the same figures of the other window beside them. */
export type Compared = VitalFigures & { comparison?: VitalFigures };
export type PageVitals = { pathname: string } & Compared;
export type DeviceVitals = { device: string | null } & Compared;

export interface Performance {
  overall: Compared;
  pages: PageVitals[];
  devices: DeviceVitals[];
}

/**
 * `read` without parallel workers (when `db` is a pool): the overall and the pages' reads already
 * run side by side, and on two cores workers of their own only contend with them (the windows off
 * UTC a fifth faster without, docs/benchmarks.md).
 */
const withoutWorkers = <T>(db: Db, read: (db: Db) => Promise<T>): Promise<T> =>
  withLocalSettings(db, { max_parallel_workers_per_gather: '0' }, read);

/** Overall, pages and devices are separate queries so Postgres runs them side by side. */
async function figures(db: Db, q: Query, w: Window, p: Paging, source: VitalSource) {
  const page = { page: p };
  if (source === 'vital_histograms') {
    const [both, pages] = await Promise.all([
      withoutWorkers(db, (c) => overallAndDevices(c, q, w, page)),
      withoutWorkers(db, (c) => vitalGroups(c, q, w, 'pages', page, source)),
    ]);
    return { overall: { key: null, ...both.overall }, pages, devices: both.devices };
  }
  const [overall, pages, devices] = await Promise.all([
    vitalGroups(db, q, w, 'overall', {}, source),
    vitalGroups(db, q, w, 'pages', page, source),
    vitalGroups(db, q, w, 'devices', page, source),
  ]);
  return { overall: overall[0]!, pages, devices };
}

/** The other window's figures of the groups listed, by key; a group without hits there has `samples: 0`. */
async function comparisonOf(
  db: Db,
  q: Query,
  w: Window,
  grouping: Grouping,
  keys: (string | null)[],
  source: VitalSource,
) {
  const listed = keys.filter((k): k is string => k !== null);
  const rows = await vitalGroups(db, q, w, grouping, { keys: listed }, source);
  // A NULL key (hits without a device) cannot be asked for by value: its row comes from all groups.
  const withNull = keys.includes(null) ? await vitalGroups(db, q, w, grouping, {}, source) : [];
  const byKey = new Map([...withNull, ...rows].map(({ key, ...f }) => [key, f as VitalFigures]));
  return (key: string | null): VitalFigures => byKey.get(key) ?? { samples: 0 };
}

const strip = ({ key: _key, ...f }: { key: string | null } & VitalFigures): VitalFigures => f;

/**
 * LCP, CLS, INP, FCP and TTFB at p50, p75 and p95 (exact nearest-rank: from the `vital_histograms`
 * projection, or with filters from the `web_vitals` hits), over the window and per page and device type (each list ranked by samples, paged by
 * `limit`/`page`). With `compare`, each row carries the same figures of the other window.
 */
export async function performanceStats(
  db: Db,
  q: Query,
  p: Paging,
  source: VitalSource = vitalSource(q, q.filters),
): Promise<Performance> {
  const now = await figures(db, q, q, p, source);
  const data: Performance = {
    overall: strip(now.overall),
    pages: now.pages.map(({ key, ...f }) => ({ pathname: key!, ...f })),
    devices: now.devices.map(({ key, ...f }) => ({ device: key, ...f })),
  };
  if (!q.comparison) return data;
  const w = q.comparison;
  const [overall, pages, devices] = await Promise.all([
    vitalGroups(db, q, w, 'overall', {}, source),
    comparisonOf(
      db,
      q,
      w,
      'pages',
      now.pages.map((r) => r.key),
      source,
    ),
    comparisonOf(
      db,
      q,
      w,
      'devices',
      now.devices.map((r) => r.key),
      source,
    ),
  ]);
  return {
    overall: { ...data.overall, comparison: strip(overall[0]!) },
    pages: data.pages.map((r) => ({ ...r, comparison: pages(r.pathname) })),
    devices: data.devices.map((r) => ({ ...r, comparison: devices(r.device) })),
  };
}

/** `meta.rows`: the overall row, then the rows of both lists. */
export const performanceRows = (d: Performance) => 1 + d.pages.length + d.devices.length;
