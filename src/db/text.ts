import { z } from 'zod';

/**
 * Text that can travel in a PostgreSQL text parameter: a NUL cannot, and a query given one fails
 * as a database error (a 500) instead of naming the field.
 */
export const pgText = () => z.string().refine((s) => !s.includes('\0'), 'must not contain a NUL character');
