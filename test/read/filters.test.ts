import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/app-error.js';
import { compileFilters, likePattern } from '../../src/read/envelope/filter-sql.js';
import {
  AGENT_DIMENSIONS,
  type DimensionCatalog,
  EMPTY_FILTERS,
  filterDimensions,
  type FilterNode,
  filtersSchema,
  HUMAN_DIMENSIONS,
  mergeFilters,
  OPERATORS,
  parseFilters,
  regexProblem,
} from '../../src/read/envelope/filters.js';

const f = (dimension: unknown, op: unknown, value: unknown) => ({ dimension, op, value });

/** The AppError a bad `filters` parameter raises, as the error envelope would show it. */
function refusal(input: unknown, catalog: DimensionCatalog = HUMAN_DIMENSIONS) {
  try {
    parseFilters(input, catalog);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: err.status, code: err.code, field: err.field, message: err.message };
  }
  throw new Error(`accepted ${JSON.stringify(input)}`);
}

const refused = (message: string) => ({ status: 400, code: 'validation_error', field: 'filters', message });

const compiled = (input: unknown, catalog: DimensionCatalog = HUMAN_DIMENSIONS, alias?: string) => {
  const q = compileFilters(parseFilters(input, catalog), catalog, alias);
  return { text: q.text, values: q.values };
};

const HUMAN_NAMES =
  'pathname, hostname, kind, name, channel, source, referrer, utm_medium, utm_campaign, utm_term, ' +
  'utm_content, country, region, city, asn, device, browser, os, screen, lang, identity, status, props.<key>';
const AGENT_NAMES =
  'agent_id, operator, purpose, verified, verified_by, robots_allowed, llms_listed, pathname, hostname, method, ' +
  'status, content_type, country, asn, bytes, duration_ms';
const OPS = 'is, is_not, contains, not_contains, starts_with, ends_with, matches, gt, lt';
const NODE = 'expected a filter {"dimension","op","value"} or a group {"and":[…]}, {"or":[…]} or {"not":…}';

describe('parseFilters: accepted trees', () => {
  it('takes JSON text and the parsed value alike; a top-level array is an and-group', () => {
    const value = [f('channel', 'is', 'answer_engine'), f('pathname', 'starts_with', '/blog')];
    const tree = { and: value };
    expect(parseFilters(JSON.stringify(value), HUMAN_DIMENSIONS)).toEqual(tree);
    expect(parseFilters(value, HUMAN_DIMENSIONS)).toEqual(tree);
    expect(filtersSchema(HUMAN_DIMENSIONS).parse(JSON.stringify(value))).toEqual(tree);
  });

  it('reads an absent, blank or empty parameter as no filter', () => {
    expect(parseFilters(undefined, HUMAN_DIMENSIONS)).toEqual(EMPTY_FILTERS);
    expect(parseFilters('', HUMAN_DIMENSIONS)).toEqual(EMPTY_FILTERS);
    expect(parseFilters('  ', HUMAN_DIMENSIONS)).toEqual(EMPTY_FILTERS);
    expect(parseFilters('[]', HUMAN_DIMENSIONS)).toEqual(EMPTY_FILTERS);
  });

  it('takes a group, or a lone filter, at the top', () => {
    const or = { or: [f('country', 'is', 'DE'), f('country', 'is', 'AT')] };
    expect(parseFilters(or, HUMAN_DIMENSIONS)).toEqual(or);
    expect(parseFilters(f('country', 'is', 'DE'), HUMAN_DIMENSIONS)).toEqual(f('country', 'is', 'DE'));
  });

  it('takes groups nested in any order', () => {
    const tree = {
      and: [
        {
          or: [
            f('channel', 'is', 'email'),
            { not: { and: [f('country', 'is', 'DE'), f('lang', 'is', 'de')] } },
          ],
        },
        { not: f('pathname', 'matches', '^/admin(/|$)') },
        { and: [] },
        { or: [] },
      ],
    };
    expect(parseFilters(JSON.stringify(tree), HUMAN_DIMENSIONS)).toEqual(tree);
  });

  it('takes every operator on a text dimension but gt and lt, with a value or an array', () => {
    for (const op of OPERATORS.filter((o) => o !== 'gt' && o !== 'lt')) {
      expect(parseFilters([f('referrer', op, 'x')], HUMAN_DIMENSIONS)).toEqual({
        and: [f('referrer', op, 'x')],
      });
      expect(parseFilters([f('referrer', op, ['x', 'y'])], HUMAN_DIMENSIONS)).toEqual({
        and: [f('referrer', op, ['x', 'y'])],
      });
    }
  });

  it('takes is, is_not, gt and lt on a numeric dimension, a numeric string counting as its number', () => {
    for (const op of ['is', 'is_not', 'gt', 'lt'])
      for (const value of [404, '404', -1.5, '-1.5'])
        expect(() => parseFilters([f('status', op, value)], HUMAN_DIMENSIONS)).not.toThrow();
    expect(() => parseFilters([f('asn', 'is', [3320, '16509'])], HUMAN_DIMENSIONS)).not.toThrow();
  });

  it('takes true and false, or the strings, on a boolean dimension', () => {
    for (const value of [true, false, 'true', 'false', [true, 'false']])
      for (const op of ['is', 'is_not'])
        expect(() => parseFilters([f('verified', op, value)], AGENT_DIMENSIONS)).not.toThrow();
  });

  it('takes custom properties by a key of letters, digits, _ . -', () => {
    expect(() => parseFilters([f('props.plan', 'is', 'pro')], HUMAN_DIMENSIONS)).not.toThrow();
    expect(() => parseFilters([f(`props.${'k'.repeat(64)}`, 'is', 'x')], HUMAN_DIMENSIONS)).not.toThrow();
    expect(() => parseFilters([f('props.a.b-c_D9', 'contains', 'x')], HUMAN_DIMENSIONS)).not.toThrow();
  });
});

describe('parseFilters: refusals are 400 validation_error on field filters, saying where and what', () => {
  const cases: [string, unknown, string, DimensionCatalog?][] = [
    ['text that is not JSON', '[{"dimension":', 'filters: not valid JSON'],
    ['a scalar', '5', 'filters: expected a JSON array of filters or a group'],
    ['null', 'null', 'filters: expected a JSON array of filters or a group'],
    ['an item that is no object', '[5]', `filters[0]: ${NODE}`],
    [
      'an unknown dimension',
      [f('country', 'is', 'DE'), f('foo', 'is', 'x')],
      `filters[1].dimension: unknown dimension "foo"; one of ${HUMAN_NAMES}`,
    ],
    [
      'a human dimension on agents',
      [f('channel', 'is', 'x')],
      `filters[0].dimension: unknown dimension "channel"; one of ${AGENT_NAMES}`,
      AGENT_DIMENSIONS,
    ],
    [
      'props on agents',
      [f('props.plan', 'is', 'x')],
      `filters[0].dimension: unknown dimension "props.plan"; one of ${AGENT_NAMES}`,
      AGENT_DIMENSIONS,
    ],
    [
      'a bad property key',
      [f('props.a b', 'is', 'x')],
      'filters[0].dimension: invalid property key "a b"; props.<key> takes 1 to 64 of A-Z a-z 0-9 _ . -',
    ],
    [
      'a too long property key',
      [f(`props.${'k'.repeat(65)}`, 'is', 'x')],
      `filters[0].dimension: invalid property key "${'k'.repeat(64)}…"; props.<key> takes 1 to 64 of A-Z a-z 0-9 _ . -`,
    ],
    [
      'an empty property key',
      [f('props.', 'is', 'x')],
      'filters[0].dimension: invalid property key ""; props.<key> takes 1 to 64 of A-Z a-z 0-9 _ . -',
    ],
    [
      'the family key itself',
      [f('props.*', 'is', 'x')],
      'filters[0].dimension: invalid property key "*"; props.<key> takes 1 to 64 of A-Z a-z 0-9 _ . -',
    ],
    [
      'an inherited name',
      [f('constructor', 'is', 'x')],
      `filters[0].dimension: unknown dimension "constructor"; one of ${HUMAN_NAMES}`,
    ],
    [
      'an unknown operator',
      [f('country', 'eq', 'DE')],
      `filters[0].op: unknown operator "eq"; one of ${OPS}`,
    ],
    ['a missing dimension', [{ op: 'is', value: 'x' }], 'filters[0].dimension: required'],
    ['a missing operator', [{ dimension: 'country', value: 'x' }], 'filters[0].op: required'],
    ['a missing value', [{ dimension: 'country', op: 'is' }], 'filters[0].value: required'],
    ['a numeric dimension name', [f(5, 'is', 'x')], 'filters[0].dimension: expected a string'],
    [
      'a null value',
      [f('country', 'is', null)],
      'filters[0].value: expected a string, number, boolean or array',
    ],
    [
      'an object value',
      [f('country', 'is', { a: 1 })],
      'filters[0].value: expected a string, number, boolean or array',
    ],
    [
      'an object in a value array',
      { and: [f('country', 'is', ['DE', {}])] },
      'filters.and[0].value[1]: expected a string, number or boolean',
    ],
    ['an empty value array', [f('country', 'is', [])], 'filters[0].value: at least one value'],
    [
      'an extra key on a filter',
      { or: [{ ...f('country', 'is', 'x'), extra: 1 }] },
      'filters.or[0]: unexpected key "extra"',
    ],
    ['two group keys', { and: [], or: [] }, 'filters: unexpected key "or"'],
    [
      'a group key beside a filter',
      [{ not: f('country', 'is', 'DE'), dimension: 'x' }],
      'filters[0]: unexpected key "dimension"',
    ],
    ['an and that is no array', { and: f('country', 'is', 'DE') }, 'filters.and: expected an array'],
    ['a not over an array', { not: [f('country', 'is', 'DE')] }, `filters.not: ${NODE}`],
    [
      'a bad filter deep down',
      { not: { or: [{ and: [f('country', 'is', 'DE'), f('country', 'is', true)] }] } },
      'filters.not.or[0].and[1].value: country is text; expected a string, not true',
    ],
    ['gt on text', [f('pathname', 'gt', 3)], 'filters[0].op: gt needs a numeric dimension; pathname is text'],
    ['lt on text', [f('props.n', 'lt', 3)], 'filters[0].op: lt needs a numeric dimension; props.n is text'],
    [
      'contains on a number',
      [f('status', 'contains', '4')],
      'filters[0].op: contains does not apply to numeric dimension status; use is, is_not, gt or lt',
    ],
    [
      'matches on a number',
      [f('bytes', 'matches', '4')],
      'filters[0].op: matches does not apply to numeric dimension bytes; use is, is_not, gt or lt',
      AGENT_DIMENSIONS,
    ],
    ['gt with an array', [f('status', 'gt', [1, 2])], 'filters[0].value: gt takes one number, not an array'],
    [
      'gt with text',
      [f('status', 'gt', 'many')],
      'filters[0].value: status is numeric; "many" is not a number',
    ],
    [
      'is with a non-number on a number',
      [f('asn', 'is', [3320, '33x'])],
      'filters[0].value[1]: asn is numeric; "33x" is not a number',
    ],
    [
      'a boolean on a number',
      [f('status', 'is', true)],
      'filters[0].value: status is numeric; true is not a number',
    ],
    [
      'contains on a boolean',
      [f('verified', 'contains', 'tr')],
      'filters[0].op: verified is true or false; use is or is_not',
      AGENT_DIMENSIONS,
    ],
    [
      'a non-boolean on a boolean',
      [f('robots_allowed', 'is', 'yes')],
      'filters[0].value: robots_allowed takes true or false',
      AGENT_DIMENSIONS,
    ],
    [
      '1 on a boolean',
      [f('llms_listed', 'is', [true, 1])],
      'filters[0].value[1]: llms_listed takes true or false',
      AGENT_DIMENSIONS,
    ],
    [
      'a bad regex',
      [f('pathname', 'matches', '(unclosed')],
      'filters[0].value: invalid regex at character 1: unclosed (',
    ],
    [
      'a bad regex in an array',
      [f('pathname', 'matches', ['^/a', 'a**'])],
      'filters[0].value[1]: invalid regex at character 3: nothing to repeat before *',
    ],
    ['a NUL in a value', [f('pathname', 'is', 'a\0b')], 'filters[0].value: must not contain a NUL character'],
    [
      'a long unknown operator, shortened',
      [f('country', 'x'.repeat(80), 'DE')],
      `filters[0].op: unknown operator "${'x'.repeat(64)}…"; one of ${OPS}`,
    ],
  ];
  it.each(cases)('refuses %s', (_name, input, message, catalog) => {
    expect(refusal(input, catalog)).toEqual(refused(message));
  });

  it('reports the same problem for the JSON text', () => {
    const input = [f('country', 'is', 'DE'), f('foo', 'is', 'x')];
    expect(refusal(JSON.stringify(input))).toEqual(refusal(input));
  });
});

describe('parseFilters: bounds', () => {
  const nest = (depth: number) => {
    let node: unknown = f('country', 'is', 'DE');
    for (let i = 0; i < depth; i++) node = { not: node };
    return node;
  };

  it('takes 50 filters in all and refuses 51', () => {
    const many = (n: number) => ({
      or: [Array.from({ length: n - 1 }, () => f('country', 'is', 'DE')), [f('lang', 'is', 'de')]].map(
        (and) => ({
          and,
        }),
      ),
    });
    expect(() => parseFilters(many(50), HUMAN_DIMENSIONS)).not.toThrow();
    expect(refusal(many(51))).toEqual(refused('filters: at most 50 filters in all'));
  });

  it('takes groups 8 deep (a top-level array counting as one) and refuses 9', () => {
    expect(() => parseFilters(nest(8), HUMAN_DIMENSIONS)).not.toThrow();
    expect(() => parseFilters([nest(7)], HUMAN_DIMENSIONS)).not.toThrow();
    expect(refusal(nest(9))).toEqual(refused('filters: groups nest at most 8 deep'));
    expect(refusal([nest(8)])).toEqual(refused('filters: groups nest at most 8 deep'));
  });

  it('refuses absurd nesting without walking all of it', () => {
    const deep = `${'{"not":'.repeat(5000)}{}${'}'.repeat(5000)}`;
    // As text (a query string) the JSON bound refuses it before it is parsed; as a value (a tool
    // call's argument) the groups' own bound does.
    expect(refusal(deep)).toEqual(refused('filters: JSON may nest at most 16 levels'));
    expect(refusal(JSON.parse(deep))).toEqual(refused('filters: groups nest at most 8 deep'));
  });

  it('takes strings of 500 characters and refuses 501', () => {
    expect(() => parseFilters([f('pathname', 'is', 'x'.repeat(500))], HUMAN_DIMENSIONS)).not.toThrow();
    expect(refusal([f('pathname', 'is', 'x'.repeat(501))])).toEqual(
      refused('filters[0].value: at most 500 characters'),
    );
    expect(refusal([f('pathname', 'is', ['a', 'x'.repeat(501)])])).toEqual(
      refused('filters[0].value[1]: at most 500 characters'),
    );
  });

  it('takes arrays of 100 values and refuses 101', () => {
    expect(() => parseFilters([f('country', 'is', Array(100).fill('DE'))], HUMAN_DIMENSIONS)).not.toThrow();
    expect(refusal([f('country', 'is', Array(101).fill('DE'))])).toEqual(
      refused('filters[0].value: at most 100 values'),
    );
  });

  it('takes regexes of 200 characters and refuses 201', () => {
    expect(() => parseFilters([f('pathname', 'matches', 'a'.repeat(200))], HUMAN_DIMENSIONS)).not.toThrow();
    expect(refusal([f('pathname', 'matches', 'a'.repeat(201))])).toEqual(
      refused('filters[0].value: a regex has at most 200 characters'),
    );
  });

  it('takes 16 regexes in all and refuses 17', () => {
    const regexes = (n: number) => [
      f('pathname', 'matches', Array(n - 1).fill('^/a')),
      f('referrer', 'matches', 'b'),
    ];
    expect(() => parseFilters(regexes(16), HUMAN_DIMENSIONS)).not.toThrow();
    expect(refusal(regexes(17))).toEqual(refused('filters: at most 16 regular expressions in all'));
  });
});

describe('regexProblem: the subset PostgreSQL and JavaScript read alike', () => {
  it.each([
    '',
    'abc',
    '^/blog/[0-9]+$',
    '^/(en|de)/docs(/|$)',
    '\\d{4}-\\d{2}',
    '[^/]+\\.html?$',
    '(?:a|b)*?c+?',
    '[\\w.-]+@[\\w-]+',
    '[-a]|[a-]|[\\]\\-\\[\\\\]',
    'a|',
    '()',
    '\\.\\*\\+\\?\\(\\)\\{\\}\\|\\^\\$\\/ \\#',
    '\\n\\r\\t\\f\\v\\D\\W\\S',
    'x{0}y{255}z{2,}',
    'é+😀+',
    '[^😀é]',
  ])('accepts %j', (pattern) => {
    expect(regexProblem(pattern)).toBeUndefined();
  });

  it.each([
    [
      '\\bword\\b',
      'invalid regex at character 1: \\b is a word-boundary assertion in JavaScript but not in PostgreSQL; not supported',
    ],
    [
      '(a)\\1',
      'invalid regex at character 4: \\1 is not supported; a backslash goes before punctuation or one of d w s D W S n r t f v',
    ],
    [
      '\\x41',
      'invalid regex at character 1: \\x is not supported; a backslash goes before punctuation or one of d w s D W S n r t f v',
    ],
    [
      '\\p{L}',
      'invalid regex at character 1: \\p is not supported; a backslash goes before punctuation or one of d w s D W S n r t f v',
    ],
    [
      '(?i)abc',
      'invalid regex at character 2: only (…) and (?:…) groups are supported, not lookaround, named groups or flags',
    ],
    [
      'a(?=b)',
      'invalid regex at character 3: only (…) and (?:…) groups are supported, not lookaround, named groups or flags',
    ],
    [
      '(?<n>a)',
      'invalid regex at character 2: only (…) and (?:…) groups are supported, not lookaround, named groups or flags',
    ],
    ['***:abc', 'invalid regex at character 1: nothing to repeat before *'],
    ['[[:alpha:]]', 'invalid regex at character 2: escape a literal [ inside [ ] as \\['],
    ['[]a]', 'invalid regex at character 2: empty [ ]; escape a literal ] as \\]'],
    ['[^]', 'invalid regex at character 3: empty [ ]; escape a literal ] as \\]'],
    ['[a-c-e]', 'invalid regex at character 5: escape a literal - after a range as \\-'],
    ['[z-a]', 'invalid regex at character 3: range out of order'],
    ['[\\d-z]', 'invalid regex at character 4: a range must run between two characters'],
    ['[\\D]', 'invalid regex at character 2: \\D is not allowed inside [ ]'],
    ['[😀-😎]', 'invalid regex at character 4: a range cannot end beyond U+FFFF'],
    ['[abc', 'invalid regex at character 1: unclosed ['],
    ['(abc', 'invalid regex at character 1: unclosed ('],
    ['abc)', 'invalid regex at character 4: unmatched )'],
    [
      'a{',
      'invalid regex at character 2: a count is {n}, {n,} or {n,m} with n ≤ m ≤ 255; escape a literal { as \\{',
    ],
    [
      'a{,3}',
      'invalid regex at character 2: a count is {n}, {n,} or {n,m} with n ≤ m ≤ 255; escape a literal { as \\{',
    ],
    [
      'a{256}',
      'invalid regex at character 2: a count is {n}, {n,} or {n,m} with n ≤ m ≤ 255; escape a literal { as \\{',
    ],
    [
      'a{3,2}',
      'invalid regex at character 2: a count is {n}, {n,} or {n,m} with n ≤ m ≤ 255; escape a literal { as \\{',
    ],
    ['a}', 'invalid regex at character 2: escape a literal } as \\}'],
    [']', 'invalid regex at character 1: escape a literal ] as \\]'],
    ['*a', 'invalid regex at character 1: nothing to repeat before *'],
    ['a|+', 'invalid regex at character 3: nothing to repeat before +'],
    ['a**', 'invalid regex at character 3: nothing to repeat before *'],
    ['a+??', 'invalid regex at character 4: nothing to repeat before ?'],
    ['^*', 'invalid regex at character 2: nothing to repeat before *'],
    ['$?', 'invalid regex at character 2: nothing to repeat before ?'],
    ['abc\\', 'invalid regex at character 4: the pattern ends with a lone \\'],
    [
      '\\é',
      'invalid regex at character 1: \\é is not supported; a backslash goes before punctuation or one of d w s D W S n r t f v',
    ],
    ['(a{255}){4}', 'invalid regex: repetition expands it past 1000 steps; use smaller counts'],
    ['((ab){10}){51}', 'invalid regex: repetition expands it past 1000 steps; use smaller counts'],
  ])('refuses %j', (pattern, message) => {
    expect(regexProblem(pattern)).toBe(message);
  });

  it('weighs repetition by its upper count ({n,} by n + 1)', () => {
    expect(regexProblem('(a{250}){4}')).toBeUndefined();
    expect(regexProblem('((ab){10}){50}')).toBeUndefined();
    expect(regexProblem('(a{249,}){4}')).toBeUndefined();
    expect(regexProblem('(a{250,}){4}')).toBe(
      'invalid regex: repetition expands it past 1000 steps; use smaller counts',
    );
  });

  it('accepts only what JavaScript compiles too', () => {
    const alphabet = fc.constantFrom(...'ab-^$.*+?()[]{}|\\,0123456789dwsbnxé😀:'.split(/(?:)/u));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 16 }), (chars) => {
        const pattern = chars.join('');
        if (regexProblem(pattern) === undefined) expect(() => new RegExp(pattern)).not.toThrow();
      }),
      { numRuns: 5000 },
    );
  });
});

describe('compileFilters: SQL text and values', () => {
  it('gives TRUE for an empty tree, FALSE for an empty or', () => {
    expect(compiled('[]')).toEqual({ text: 'TRUE', values: [] });
    expect(compiled({ or: [] })).toEqual({ text: 'FALSE', values: [] });
    expect(compiled({ not: { and: [] } })).toEqual({ text: 'FALSE', values: [] });
    expect(compiled({ not: { or: [] } })).toEqual({ text: 'TRUE', values: [] });
  });

  const cases: [string, unknown, string, unknown[], DimensionCatalog?][] = [
    ['is on a NOT NULL column', f('pathname', 'is', '/a'), 'pathname = $1', ['/a']],
    ['is_not on a NOT NULL column', f('pathname', 'is_not', '/a'), 'pathname <> $1', ['/a']],
    ['is on a nullable column', f('country', 'is', 'DE'), 'COALESCE(country = $1, FALSE)', ['DE']],
    ['is_not on a nullable column', f('country', 'is_not', 'DE'), 'COALESCE(country <> $1, TRUE)', ['DE']],
    ['is any of', f('country', 'is', ['DE', 'AT']), 'COALESCE(country = ANY($1), FALSE)', [['DE', 'AT']]],
    [
      'is_not: none of',
      f('country', 'is_not', ['DE', 'AT']),
      'COALESCE(country <> ALL($1), TRUE)',
      [['DE', 'AT']],
    ],
    ['a mapped column', f('source', 'is', 'Google'), 'COALESCE(referrer_source = $1, FALSE)', ['Google']],
    ['a number as text', f('utm_term', 'is', 2024), 'COALESCE(utm_term = $1, FALSE)', ['2024']],
    ['contains', f('pathname', 'contains', 'blog'), 'pathname ILIKE $1', ['%blog%']],
    [
      'not_contains',
      f('referrer', 'not_contains', 'spam'),
      'COALESCE(referrer NOT ILIKE $1, TRUE)',
      ['%spam%'],
    ],
    ['starts_with', f('pathname', 'starts_with', '/blog'), 'pathname ILIKE $1', ['/blog%']],
    ['ends_with', f('hostname', 'ends_with', '.example.com'), 'hostname ILIKE $1', ['%.example.com']],
    [
      'wildcards in a value',
      f('pathname', 'contains', '100%_a\\b'),
      'pathname ILIKE $1',
      ['%100\\%\\_a\\\\b%'],
    ],
    ['contains any of', f('pathname', 'contains', ['a', 'b']), 'pathname ILIKE ANY($1)', [['%a%', '%b%']]],
    [
      'not_contains any of',
      f('pathname', 'not_contains', ['a', 'b']),
      'pathname NOT ILIKE ALL($1)',
      [['%a%', '%b%']],
    ],
    ['matches', f('pathname', 'matches', '^/a/\\d+$'), 'pathname ~ $1', ['^/a/\\d+$']],
    ['matches any of', f('city', 'matches', ['^B', '^M']), 'COALESCE(city ~ ANY($1), FALSE)', [['^B', '^M']]],
    ['gt', f('status', 'gt', 399), 'COALESCE(status > $1::numeric, FALSE)', [399]],
    ['lt with a numeric string', f('asn', 'lt', '64512.5'), 'COALESCE(asn < $1::numeric, FALSE)', [64512.5]],
    ['is on a number', f('status', 'is', '404'), 'COALESCE(status = $1::numeric, FALSE)', [404]],
    [
      'is_not any of numbers',
      f('status', 'is_not', [404, '410']),
      'COALESCE(status <> ALL($1::numeric[]), TRUE)',
      [[404, 410]],
    ],
    ['a property', f('props.plan', 'is', 'pro'), 'COALESCE((props->>$1::text) = $2, FALSE)', ['plan', 'pro']],
    [
      'a property, negated',
      f('props.plan', 'not_contains', 'free'),
      'COALESCE((props->>$1::text) NOT ILIKE $2, TRUE)',
      ['plan', '%free%'],
    ],
    ['a NOT NULL boolean', f('verified', 'is', 'true'), 'verified = $1', [true], AGENT_DIMENSIONS],
    [
      'a nullable boolean',
      f('robots_allowed', 'is_not', false),
      'COALESCE(robots_allowed <> $1, TRUE)',
      [false],
      AGENT_DIMENSIONS,
    ],
    ['a NOT NULL number', f('bytes', 'gt', 1000), 'bytes > $1::numeric', [1000], AGENT_DIMENSIONS],
  ];
  it.each(cases)('compiles %s', (_name, filter, text, values, catalog) => {
    expect(compiled([filter], catalog)).toEqual({ text, values });
  });

  it('joins groups in parentheses and leaves a single child bare', () => {
    expect(
      compiled([
        f('pathname', 'starts_with', '/blog'),
        { or: [f('country', 'is', 'DE'), f('channel', 'is', 'email')] },
        { and: [f('kind', 'is', 'pageview')] },
      ]),
    ).toEqual({
      text: '(pathname ILIKE $1 AND (COALESCE(country = $2, FALSE) OR COALESCE(channel = $3, FALSE)) AND kind = $4)',
      values: ['/blog%', 'DE', 'email', 'pageview'],
    });
  });

  it('pushes not down to the filters, which take their negated forms', () => {
    expect(
      compiled({
        not: {
          or: [
            f('country', 'is', 'DE'),
            { and: [f('status', 'gt', 399), { not: f('pathname', 'not_contains', 'x') }] },
            f('pathname', 'matches', '^/a'),
            f('asn', 'lt', 5),
          ],
        },
      }),
    ).toEqual({
      text:
        '(COALESCE(country <> $1, TRUE) AND (COALESCE(status <= $2::numeric, TRUE) OR pathname NOT ILIKE $3)' +
        ' AND pathname !~ $4 AND COALESCE(asn >= $5::numeric, TRUE))',
      values: ['DE', 399, '%x%', '^/a', 5],
    });
    expect(compiled({ not: f('city', 'matches', ['^B', '^M']) })).toEqual({
      text: 'COALESCE(city !~ ALL($1), TRUE)',
      values: [['^B', '^M']],
    });
  });

  it('qualifies columns with the alias', () => {
    expect(
      compiled(
        [f('source', 'is', 'x'), f('props.k', 'is', 'v'), f('pathname', 'is', '/')],
        HUMAN_DIMENSIONS,
        'e',
      ),
    ).toEqual({
      text: '(COALESCE(e.referrer_source = $1, FALSE) AND COALESCE((e.props->>$2::text) = $3, FALSE) AND e.pathname = $4)',
      values: ['x', 'k', 'v', '/'],
    });
  });

  it('refuses a bad alias and a tree of the other catalog', () => {
    expect(() => compileFilters(EMPTY_FILTERS, HUMAN_DIMENSIONS, 'e; DROP TABLE x')).toThrow(
      'bad table alias',
    );
    const tree = parseFilters({ not: { and: [f('channel', 'is', 'x')] } }, HUMAN_DIMENSIONS);
    let err: unknown;
    try {
      compileFilters(tree, AGENT_DIMENSIONS);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: 'validation_error',
      field: 'filters',
      message: `filters.not.and[0].dimension: unknown dimension "channel"; one of ${AGENT_NAMES}`,
    });
  });

  it('puts every value in a parameter, never in the text', () => {
    const nasty = "x' OR 1=1; --";
    const q = compiled([
      f('pathname', 'is', nasty),
      f('pathname', 'contains', nasty),
      f('pathname', 'matches', "x' OR 1=1; --"),
      f('props.a-b', 'is', nasty),
    ]);
    expect(q.text).not.toContain('OR 1=1');
    expect(q.text).not.toContain('a-b');
  });
});

describe('likePattern', () => {
  it('escapes %, _ and the escape character, then adds the wildcards the operator needs', () => {
    expect(likePattern('contains', 'a%b_c\\d')).toBe('%a\\%b\\_c\\\\d%');
    expect(likePattern('starts_with', '50%')).toBe('50\\%%');
    expect(likePattern('ends_with', '_x')).toBe('%\\_x');
  });
});

describe('filterDimensions and mergeFilters', () => {
  it('lists the dimensions a tree uses, at any depth', () => {
    const tree = parseFilters(
      [
        f('pathname', 'is', '/'),
        { not: { or: [f('props.plan', 'is', 'x'), f('pathname', 'contains', 'a')] } },
      ],
      HUMAN_DIMENSIONS,
    );
    expect(filterDimensions(tree)).toEqual(new Set(['pathname', 'props.plan']));
    expect(filterDimensions(EMPTY_FILTERS)).toEqual(new Set());
  });

  it('ands a segment with a request, flattening and-groups and dropping empty ones', () => {
    const a: FilterNode = { dimension: 'country', op: 'is', value: 'DE' };
    const b: FilterNode = { dimension: 'channel', op: 'is', value: 'email' };
    const or: FilterNode = { or: [a, b] };
    expect(mergeFilters({ and: [a] }, { and: [b] })).toEqual({ and: [a, b] });
    expect(mergeFilters(or, { and: [b] })).toEqual({ and: [or, b] });
    expect(mergeFilters(EMPTY_FILTERS, or)).toEqual(or);
    expect(mergeFilters(or, EMPTY_FILTERS)).toEqual(or);
    expect(mergeFilters(EMPTY_FILTERS, EMPTY_FILTERS)).toEqual(EMPTY_FILTERS);
  });
});
