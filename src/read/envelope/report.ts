import type { z } from 'zod';
import type { Db } from '../../db/sql.js';
import type { Audience, Query } from './query.js';

/** One readership's answer to a read: its own parameters (besides the envelope) and the query. */
export interface ReadVariant<P extends z.ZodType = z.ZodType, T = unknown> {
  params: P;
  read: (db: Db, q: Query, p: z.infer<P>) => Promise<T>;
  /** `meta.rows` when the data is not itself the list of rows. */
  rows?: (data: T) => number;
  /** Figures about the answer that `meta` carries beside `rows` (retention: the visitors it covers). */
  meta?: (data: T) => Record<string, unknown>;
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
  /**
   * Input keys that are the read's own although the envelope has keys of the same names (journeys'
   * `start` is a path, not the window's start): taken out of the input before the envelope reads
   * it, checked by this schema first, and handed to the read with its other parameters.
   */
  ownKeys?: z.ZodObject;
  variants: Partial<Record<Audience, ReadVariant>>;
}

export function variant<P extends z.ZodType, T>(
  params: P,
  read: (db: Db, q: Query, p: z.infer<P>) => Promise<T>,
  rows?: (data: T) => number,
  meta?: (data: T) => Record<string, unknown>,
): ReadVariant {
  return { params, read, rows, meta } as ReadVariant;
}
