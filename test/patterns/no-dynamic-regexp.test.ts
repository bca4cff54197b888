import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The no-restricted-syntax messages ESLint gives `code` as if it were the file at `filePath`. */
async function dynamicRegexpErrors(code: string, filePath: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
}

describe('the lint rule against regular expressions built at run time', () => {
  it('flags a RegExp built from a value in service code, in every spelling', async () => {
    const code = [
      'export const a = (p: string) => new RegExp(p);',
      "export const b = (p: string) => RegExp(`^${p}$`, 'i');",
      'export const c = (p: string) => new globalThis.RegExp(p);',
      "export const d = new RegExp('^/literal$');",
      'export const e = /^\\/literal$/;',
      '',
    ].join('\n');
    expect(await dynamicRegexpErrors(code, 'src/ingest/steps/some-step.ts')).toEqual([1, 2, 3]);
    expect(await dynamicRegexpErrors(code, 'projections/some/fold.ts')).toEqual([1, 2, 3]);
  });

  it('leaves the reviewed modules and the tests alone', async () => {
    const code = 'export const a = (p: string) => new RegExp(p);\n';
    expect(await dynamicRegexpErrors(code, 'src/shiplog/parse-combined.ts')).toEqual([]);
    expect(await dynamicRegexpErrors(code, 'test/patterns/some.test.ts')).toEqual([]);
  });
});
