import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/app-error.js';
import { assertJsonDepth, isTooDeep, MAX_JSON_DEPTH, tooDeepAt } from '../../src/input/json-depth.js';

const arrays = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('the JSON nesting bound', () => {
  it('allows 16 levels and refuses the 17th, arrays and objects alike', () => {
    expect(MAX_JSON_DEPTH).toBe(16);
    expect(isTooDeep(arrays(16))).toBe(false);
    expect(isTooDeep(arrays(17))).toBe(true);
    const objects = (n: number) => '{"a":'.repeat(n - 1) + '{}' + '}'.repeat(n - 1);
    expect(isTooDeep(objects(16))).toBe(false);
    expect(isTooDeep(objects(17))).toBe(true);
    expect(isTooDeep('[1,{"a":[2,3]},[[4]]]')).toBe(false);
    expect(isTooDeep(JSON.stringify(Array.from({ length: 100 }, () => [{ a: [1] }])))).toBe(false);
    expect(isTooDeep(`{"a":${arrays(15)}}`)).toBe(false);
    expect(isTooDeep(`{"a":${arrays(16)}}`)).toBe(true);
    expect(isTooDeep('"just a string"')).toBe(false);
    expect(isTooDeep('')).toBe(false);
  });

  it('counts no bracket inside a string, escaped quotes included', () => {
    const inString = JSON.stringify({ s: `${'['.repeat(100)}\\"${'{'.repeat(100)}` });
    expect(isTooDeep(inString)).toBe(false);
    expect(isTooDeep(`["\\"${'['.repeat(40)}", 1]`)).toBe(false);
    expect(isTooDeep(`["\\\\", ${arrays(16)}]`)).toBe(true);
  });

  it('names the top-level key whose value goes too deep, or none for a top-level array', () => {
    expect(tooDeepAt(`{"ok":[1],"s":"[[[[","p":{"a":${arrays(15)}}}`)).toBe('p');
    expect(tooDeepAt(`{"we\\"ird":${arrays(16)}}`)).toBe('we"ird');
    expect(tooDeepAt(`[{"p":${arrays(15)}}]`)).toBe('');
    expect(tooDeepAt(`{"p":${arrays(15)}}`)).toBeUndefined();
    expect(tooDeepAt(`{"${'k'.repeat(5000)}":${arrays(16)}}`)).toBe('k'.repeat(200));
  });

  it('reads 2 MB of brackets in one pass, without recursion', () => {
    expect(isTooDeep('['.repeat(2 * 1024 * 1024))).toBe(true);
    expect(isTooDeep(']'.repeat(2 * 1024 * 1024))).toBe(false);
  });

  it('is a 400 validation_error naming the parameter, the key, or the body', () => {
    const refusal = (text: string, field?: string) => {
      try {
        assertJsonDepth(text, field);
      } catch (err) {
        return err instanceof AppError ? { status: err.status, code: err.code, field: err.field } : err;
      }
      return undefined;
    };
    expect(refusal(arrays(16))).toBeUndefined();
    expect(refusal(arrays(17), 'filters')).toEqual({
      status: 400,
      code: 'validation_error',
      field: 'filters',
    });
    expect(refusal(`{"hostnames":${arrays(16)}}`)).toEqual({
      status: 400,
      code: 'validation_error',
      field: 'hostnames',
    });
    expect(refusal(arrays(17))).toEqual({ status: 400, code: 'validation_error', field: 'body' });
  });
});
