import type { z } from 'zod';
import { fromZod } from '../errors/app-error.js';

/** Validates request input with its schema; a failure becomes `400 validation_error` naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, prefix?: string): z.infer<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw fromZod(r.error, prefix);
  return r.data;
}
