export const SCREEN_CLASSES = ['mobile', 'tablet', 'laptop', 'desktop'] as const;
export type ScreenClass = (typeof SCREEN_CLASSES)[number];

/** Upper bounds (exclusive) of each class in CSS pixels: Plausible's breakpoints. */
const BREAKPOINTS = [
  [576, 'mobile'],
  [992, 'tablet'],
  [1440, 'laptop'],
] as const satisfies ReadonlyArray<readonly [number, ScreenClass]>;

/** The class of a screen width; undefined when the tracker sent none (or 0, as headless browsers do). */
export function screenClass(width?: number): ScreenClass | undefined {
  if (width === undefined || !(width > 0)) return undefined;
  for (const [below, cls] of BREAKPOINTS) if (width < below) return cls;
  return 'desktop';
}
