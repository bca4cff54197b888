import type { Projection } from './projection.js';
import { rawEvents } from './raw-events/projection.js';
import { rollupMinute } from './rollup-minute/projection.js';

export const PROJECTIONS: readonly Projection[] = [rawEvents, rollupMinute] as Projection[];

export function projectionNamed(name: string): Projection | undefined {
  return PROJECTIONS.find((p) => p.name === name);
}
