import type { z } from 'zod';
import type { Db } from '../../db/sql.js';
import type { Audience, Query } from './query.js';

/** One readership's answer to a read: its own parameters (besides the envelope) and the query. */
export interface ReadVariant<P extends z.ZodType = z.ZodType, T = unknown> {
  params: P;
  read: (db: Db, q: Query, p: z.infer<P>) => Promise<T>;
  /** `meta.rows` when the data is not itself the list of rows. */
  rows?: (data: T) => number;
}

/**
 * A read of the query envelope, as an HTTP route and as an export `report` alike: per audience
 * the variant that answers it. An audience without a variant is one the read has no meaning for
 * (`400 validation_error` on `audience`).
 */
export interface Report {
  /** The read's name: its path under its family's prefix and its `report` name in exports. */
  name: string;
  /**
   * The route under the family's prefix when it is not `/<name>`: `/funnel/:id` takes `id` as a
   * parameter of the read (exports pass it as `id=`).
   */
  path?: string;
  /** The readership when the envelope names none: `human` unless the read's family is another's. */
  audience?: Audience;
  variants: Partial<Record<Audience, ReadVariant>>;
}

export function variant<P extends z.ZodType, T>(
  params: P,
  read: (db: Db, q: Query, p: z.infer<P>) => Promise<T>,
  rows?: (data: T) => number,
): ReadVariant {
  return { params, read, rows } as ReadVariant;
}
