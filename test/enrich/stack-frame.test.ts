import { describe, expect, it } from 'vitest';
import { topFrame, topStackFrame } from '../../src/enrich/stack-frame.js';

const V8 = `TypeError: Cannot read properties of undefined (reading 'price')
    at Array.forEach (<anonymous>)
    at renderCart (https://shop.example/assets/app.js?v=3f9a:120:17)
    at HTMLButtonElement.onClick (https://shop.example/assets/app.js?v=3f9a:88:5)`;

const FIREFOX = `forEach@[native code]
renderCart@https://shop.example/assets/app.js?v=3f9a:120:17
onClick@https://shop.example/assets/app.js?v=3f9a:88:5`;

describe('topStackFrame', () => {
  it('reads V8 frames `at fn (file:line:col)`, skipping a frame with no place in a file', () => {
    expect(topStackFrame(V8)).toEqual({
      file: 'https://shop.example/assets/app.js',
      function: 'renderCart',
      line: 120,
      col: 17,
    });
  });

  it('reads Firefox and Safari frames `fn@file:line:col`, skipping native code', () => {
    expect(topStackFrame(FIREFOX)).toEqual({
      file: 'https://shop.example/assets/app.js',
      function: 'renderCart',
      line: 120,
      col: 17,
    });
  });

  it.each([
    [
      'V8, anonymous',
      '    at https://x.example/a.js:1:2',
      { file: 'https://x.example/a.js', line: 1, col: 2 },
    ],
    [
      'Firefox, anonymous',
      '@https://x.example/a.js:1:2',
      { file: 'https://x.example/a.js', line: 1, col: 2 },
    ],
    [
      'V8, async and a port',
      'Error: x\n    at async load (http://127.0.0.1:8080/a.js#top:3:4)',
      { file: 'http://127.0.0.1:8080/a.js', function: 'load', line: 3, col: 4 },
    ],
    [
      'V8, a method with an alias',
      '    at Cart.add [as push] (https://x.example/a.js:5:6)',
      { file: 'https://x.example/a.js', function: 'Cart.add [as push]', line: 5, col: 6 },
    ],
    [
      "V8, eval'd code: where eval ran",
      '    at eval (eval at run (https://x.example/a.js:7:8), <anonymous>:1:1)',
      { file: 'https://x.example/a.js', function: 'eval', line: 7, col: 8 },
    ],
    [
      "Firefox, eval'd code: the line that ran eval",
      'run@https://x.example/a.js line 7 > eval:1:5',
      { file: 'https://x.example/a.js', function: 'run', line: 7 },
    ],
    [
      'Safari, no column',
      'global code@https://x.example/a.js:9',
      { file: 'https://x.example/a.js', function: 'global code', line: 9 },
    ],
    [
      'a V8 message that looks like a Firefox frame',
      'Error: mail a@b.example:1:2 failed\n    at send (https://x.example/m.js:4:1)',
      { file: 'https://x.example/m.js', function: 'send', line: 4, col: 1 },
    ],
  ])('%s', (_what, stack, frame) => {
    expect(topStackFrame(stack)).toEqual(frame);
  });

  it('finds nothing in a stack without a place in a file', () => {
    expect(topStackFrame('Error: boom\n    at Array.map (<anonymous>)\n    at <anonymous>')).toBeUndefined();
    expect(topStackFrame('')).toBeUndefined();
  });
});

describe('topFrame', () => {
  it("prefers the stack's top frame to the event's source, line and column", () => {
    expect(topFrame({ source: 'https://x.example/other.js', line: 1, col: 1, stack: V8 })).toMatchObject({
      function: 'renderCart',
      line: 120,
    });
  });

  it("falls back to the event's place, without a query string and without a function", () => {
    expect(topFrame({ source: 'https://x.example/a.js?v=2', line: 10, col: 3 })).toEqual({
      file: 'https://x.example/a.js',
      line: 10,
      col: 3,
    });
    expect(topFrame({ source: 'https://x.example/a.js', line: 0 })).toEqual({
      file: 'https://x.example/a.js',
    });
  });

  it('has none without a stack frame or a source', () => {
    expect(topFrame({})).toBeUndefined();
    expect(topFrame({ stack: 'Error: x' })).toBeUndefined();
  });
});
