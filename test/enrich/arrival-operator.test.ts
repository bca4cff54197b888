import { describe, expect, it } from 'vitest';
import { arrivalOperator, attribute } from '../../src/enrich/attribution.js';

/** The operator of a session whose first hit came with this referrer and query, as the fold sees it. */
function operatorOf(referrer: string | undefined, query?: string): string | undefined {
  const a = attribute({
    hostname: 'example.com',
    ...(referrer ? { referrer } : {}),
    ...(query ? { query } : {}),
  });
  return arrivalOperator({ source: a?.source, referrer });
}

describe('arrivalOperator', () => {
  it.each([
    ['a referrer from chatgpt.com', 'https://chatgpt.com/', undefined, 'openai'],
    ['utm_source=chatgpt.com without a referrer', undefined, 'utm_source=chatgpt.com', 'openai'],
    ['a referrer from perplexity.ai', 'https://www.perplexity.ai/search?q=x', undefined, 'perplexity'],
    ['a referrer from claude.ai', 'https://claude.ai/chat/1', undefined, 'anthropic'],
    // The tag names the source over the referrer, as attribution decides it.
    [
      'utm_source=perplexity on a link from chatgpt.com',
      'https://chatgpt.com/',
      'utm_source=perplexity',
      'perplexity',
    ],
    // A tag that is no answer engine leaves the referrer's engine to credit.
    [
      'utm_source=newsletter on a link from chatgpt.com',
      'https://chatgpt.com/',
      'utm_source=newsletter',
      'openai',
    ],
    ['utm_source=google on a link from claude.ai', 'https://claude.ai/', 'utm_source=google', 'anthropic'],
  ])('credits %s to %s', (_, referrer, query, operator) => {
    expect(operatorOf(referrer, query)).toBe(operator);
  });

  it.each([
    ['a Google search', 'https://www.google.com/', undefined],
    ['a blog', 'https://someblog.net/post', undefined],
    ['a direct visit', undefined, undefined],
  ])('credits no operator for %s', (_, referrer, query) => {
    expect(operatorOf(referrer, query)).toBeUndefined();
  });

  it('agrees with attribution: every answer_engine session has an operator', () => {
    for (const [referrer, query] of [
      ['https://chatgpt.com/', 'utm_source=some-unknown-tag'],
      ['https://gemini.google.com/app', 'utm_source=facebook'],
      [undefined, 'ref=perplexity.ai'],
    ] as const) {
      const a = attribute({ hostname: 'example.com', ...(referrer ? { referrer } : {}), query });
      expect(a?.channel).toBe('answer_engine');
      expect(arrivalOperator({ source: a?.source, referrer })).toBeDefined();
    }
  });
});
