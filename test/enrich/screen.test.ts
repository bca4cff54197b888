import { describe, expect, it } from 'vitest';
import { screenClass } from '../../src/enrich/screen.js';

describe('screenClass', () => {
  it.each([
    [1, 'mobile'],
    [575, 'mobile'],
    [576, 'tablet'],
    [991, 'tablet'],
    [992, 'laptop'],
    [1439, 'laptop'],
    [1440, 'desktop'],
    [3840, 'desktop'],
  ] as const)('puts a %i px screen in %s', (width, expected) => {
    expect(screenClass(width)).toBe(expected);
  });

  it.each([undefined, 0, -1, Number.NaN])('has no class for width %s', (width) => {
    expect(screenClass(width)).toBeUndefined();
  });
});
