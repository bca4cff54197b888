import { describe, expect, it } from 'vitest';
import { cutUtf8, errorProps } from '../../src/ingest/steps/error-props.js';

describe('errorProps', () => {
  it('keeps message, source, line, col and stack, each of its type, and nothing else', () => {
    expect(
      errorProps({
        message: 'x is undefined',
        source: 'https://shop.example/app.js',
        line: 3,
        col: 14,
        stack: 'TypeError: x is undefined\n    at f (https://shop.example/app.js:3:14)',
        plan: 'pro',
      }),
    ).toEqual({
      message: 'x is undefined',
      source: 'https://shop.example/app.js',
      line: 3,
      col: 14,
      stack: 'TypeError: x is undefined\n    at f (https://shop.example/app.js:3:14)',
    });
    expect(errorProps({ message: 'm', source: 7, line: 'x', col: -1, stack: '' })).toEqual({ message: 'm' });
  });

  it('names no error without a message', () => {
    expect(errorProps(undefined)).toBeUndefined();
    expect(errorProps({ source: 'https://shop.example/app.js' })).toBeUndefined();
    expect(errorProps({ message: 42 })).toBeUndefined();
  });

  it('cuts the stack to 2 KB of UTF-8, never inside a character, and the message to 1,000 characters', () => {
    const stack = `${'a'.repeat(2047)}é and more`;
    const cut = errorProps({ message: 'm'.repeat(1500), stack })!;
    expect(cut.stack).toBe('a'.repeat(2047));
    expect((cut.message as string).length).toBe(1000);
    expect(Buffer.byteLength(errorProps({ message: 'm', stack: '€'.repeat(1000) })!.stack as string)).toBe(
      2046,
    );
  });
});

describe('cutUtf8', () => {
  it('leaves a string that fits as it is, and cuts before a character that would not fit whole', () => {
    expect(cutUtf8('héllo', 6)).toBe('héllo');
    expect(cutUtf8('héllo', 3)).toBe('hé');
    expect(cutUtf8('héllo', 2)).toBe('h');
  });
});
