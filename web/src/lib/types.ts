/** Shapes of the API's answers that the dashboard reads (docs/api.md). */

/** What the signed-in user may do with a site (docs/api.md#team-members-and-invitations). */
export type Role = 'owner' | 'admin' | 'viewer';

/** Whether the role manages the site (settings, keys, goals, funnels, members). */
export const manages = (role: Role): boolean => role !== 'viewer';

export interface Member {
  user: number;
  email: string;
  role: Role;
  since: string;
}

export interface Invitation {
  email: string;
  role: Exclude<Role, 'owner'>;
  created_at: string;
  expires_at: string;
}

export interface Site {
  id: number;
  domain: string;
  timezone: string;
  hostnames: string[];
  /** Path patterns whose hits are dropped (`/admin/*`). */
  excluded_paths: string[];
  respect_dnt: boolean;
  /** The signed-in user's role on the site. */
  role: Role;
}

export interface ApiKey {
  id: number;
  name: string;
  site: number;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
}

export interface Bucket {
  t: string;
  value?: number;
}

export interface Timeseries {
  series: Bucket[];
  comparison?: Bucket[];
}

export type Figures = Record<string, number | undefined>;

/** An overview's `data`: its figures, and with `compare` the other window's and the change. */
export interface Overview {
  comparison?: Figures;
  change?: Figures;
  operators?: ValueRow[];
  purposes?: ValueRow[];
  /** Agents: percent of fetches each method verified (ip_range, reverse_dns, web_bot_auth). */
  verified_by?: Figures;
  [metric: string]: number | Figures | ValueRow[] | undefined;
}

export function figure(o: Overview, metric: string): number | undefined {
  const v = o[metric];
  return typeof v === 'number' ? v : undefined;
}

/** A breakdown row: `value` and its counts. */
export interface ValueRow {
  value: string | number | null;
  visitors?: number;
  pageviews?: number;
  fetches?: number;
  bytes?: number;
  share?: number;
}
