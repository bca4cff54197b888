import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw, sql } from '../../src/db/sql.js';
import { compileFilters } from '../../src/read/envelope/filter-sql.js';
import {
  AGENT_DIMENSIONS,
  type DimensionCatalog,
  HUMAN_DIMENSIONS,
  parseFilters,
  regexProblem,
} from '../../src/read/envelope/filters.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

const SITE = 7;
let db: TestDatabase;

const f = (dimension: string, op: string, value: unknown) => ({ dimension, op, value });
const uuid = (table: number, seq: number) =>
  `00000000-0000-4000-8000-${String(table * 1000 + seq).padStart(12, '0')}`;

/** Human hits, labelled by `seq`; each differs from the others where some filter below looks. */
const HITS: Record<string, unknown>[] = [
  {
    pathname: '/blog/hello',
    channel: 'answer_engine',
    referrer_source: 'ChatGPT',
    referrer: 'https://chatgpt.com/',
    country: 'DE',
    city: 'Berlin',
    asn: 3320,
    browser: 'Firefox',
    lang: 'de',
    props: { plan: 'pro' },
  },
  {
    pathname: '/Blog/World',
    hostname: 'www.example.com',
    channel: 'organic_search',
    referrer_source: 'Google',
    country: 'FR',
    city: 'Paris',
    asn: 12322,
    browser: 'Safari',
    lang: 'fr',
    status: 200,
    props: { plan: 'free', n: '3' },
  },
  {
    pathname: '/pricing',
    kind: 'custom',
    name: 'Signup',
    channel: 'direct',
    browser: 'Chrome',
    status: 404,
    identity: 'user-42',
  },
  {
    pathname: '/100%_off',
    channel: 'email',
    utm_medium: 'email',
    utm_campaign: 'spring_sale',
    country: 'DE',
    city: 'München',
    asn: 3320,
    status: 500,
    props: { plan: null },
  },
  {
    pathname: '/1000 off',
    channel: 'paid_search',
    utm_medium: 'cpc',
    utm_campaign: 'spring-sale',
    country: 'AT',
    status: 301,
    props: { other: 'x' },
  },
  {
    pathname: '/docs/a.b',
    hostname: 'docs.example.com',
    channel: 'referral',
    referrer_source: 'news.ycombinator.com',
    utm_campaign: 'back\\slash',
    country: 'US',
    status: 200,
    props: { plan: 'PRO' },
  },
  {
    pathname: '/docs/axb',
    hostname: 'docs.example.com',
    channel: 'answer_engine',
    referrer_source: 'Perplexity',
    browser: 'firefox',
    props: { plan: 'team' },
  },
];

/** Agent fetches, labelled by `seq`. */
const FETCHES: Record<string, unknown>[] = [
  {
    agent_id: 'gptbot',
    operator: 'openai',
    purpose: 'training',
    verified: true,
    verified_by: 'ip_range',
    robots_allowed: true,
    pathname: '/blog/hello',
    bytes: 1000,
    duration_ms: 50,
    content_type: 'text/html',
    country: 'US',
    asn: 8075,
  },
  {
    agent_id: 'claudebot',
    operator: 'anthropic',
    purpose: 'training',
    verified: false,
    robots_allowed: false,
    llms_listed: true,
    pathname: '/docs',
    status: 404,
    bytes: 0,
    duration_ms: 10,
    content_type: 'text/plain',
  },
  {
    agent_id: 'perplexitybot',
    operator: 'perplexity',
    purpose: 'search',
    verified: true,
    verified_by: 'web_bot_auth',
    llms_listed: false,
    pathname: '/pricing',
    method: 'HEAD',
    status: 301,
    bytes: 250,
    duration_ms: 5,
    content_type: 'text/html; charset=utf-8',
    country: 'DE',
    asn: 16509,
  },
  {
    agent_id: 'unknown',
    operator: 'unknown',
    purpose: 'other',
    verified: false,
    robots_allowed: true,
    pathname: '/',
    hostname: 'docs.example.com',
    status: 500,
    bytes: 123456789,
    duration_ms: 3000,
    content_type: 'application/json',
    country: 'US',
  },
];

async function insert(table: 'events' | 'agent_fetches', rows: Record<string, unknown>[], base: object) {
  for (const [i, row] of rows.entries()) {
    const seq = i + 1;
    const full: Record<string, unknown> = {
      id: uuid(table === 'events' ? 1 : 2, seq),
      seq,
      site_id: SITE,
      ts: '2026-05-01T12:00:00Z',
      hostname: 'example.com',
      ...base,
      ...row,
    };
    if (full.props !== undefined) full.props = JSON.stringify(full.props);
    const cols = Object.keys(full);
    await db.pool.query(
      `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((_, j) => `$${j + 1}`).join(', ')})`,
      Object.values(full),
    );
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  await insert('events', HITS, {
    kind: 'pageview',
    visitor_id: 'v',
    session_id: uuid(9, 1),
  });
  await insert('agent_fetches', FETCHES, {
    method: 'GET',
    status: 200,
    user_agent: 'ua',
    conditional: false,
    address_digest: 'd',
  });
});
afterAll(() => db.drop());

const TABLES = new Map<DimensionCatalog, string>([
  [HUMAN_DIMENSIONS, 'events'],
  [AGENT_DIMENSIONS, 'agent_fetches'],
]);

/** The `seq` of the rows the filter selects; `outer` wraps the compiled expression. */
async function selected(catalog: DimensionCatalog, filters: unknown, outer: 'as is' | 'negated' = 'as is') {
  const where = compileFilters(parseFilters(filters, catalog), catalog, 't');
  const test = outer === 'negated' ? sql`NOT (${where})` : where;
  const { rows } = await db.pool.query<{ seq: number }>(
    sql`SELECT seq FROM ${raw(TABLES.get(catalog)!)} t WHERE t.site_id = ${SITE} AND ${test} ORDER BY seq`,
  );
  return rows.map((r) => r.seq);
}

const ALL_HITS = [1, 2, 3, 4, 5, 6, 7];
const ALL_FETCHES = [1, 2, 3, 4];

const HUMAN_CASES: [string, unknown, number[]][] = [
  ['no filter', [], ALL_HITS],
  ['is', [f('country', 'is', 'DE')], [1, 4]],
  ['is_not keeps the rows without a country', [f('country', 'is_not', 'DE')], [2, 3, 5, 6, 7]],
  ['not of is is is_not', { not: f('country', 'is', 'DE') }, [2, 3, 5, 6, 7]],
  ['is any of', [f('country', 'is', ['DE', 'AT'])], [1, 4, 5]],
  ['is_not none of', [f('country', 'is_not', ['DE', 'AT'])], [2, 3, 6, 7]],
  [
    'not of an or keeps NULLs',
    { not: { or: [f('country', 'is', 'DE'), f('country', 'is', 'AT')] } },
    [2, 3, 6, 7],
  ],
  ['is is exact and case-sensitive', [f('browser', 'is', 'firefox')], [7]],
  ['contains is case-insensitive', [f('browser', 'contains', 'FIREFOX')], [1, 7]],
  ['contains any of', [f('pathname', 'contains', ['hello', 'PRICING'])], [1, 3]],
  ['starts_with', [f('pathname', 'starts_with', '/BLOG')], [1, 2]],
  ['ends_with', [f('pathname', 'ends_with', 'OFF')], [4, 5]],
  ['% and _ in a value are literal', [f('pathname', 'contains', '100%_')], [4]],
  ['a lone _ is literal', [f('pathname', 'contains', '_')], [4]],
  ['_ in ends_with is literal', [f('utm_campaign', 'ends_with', '_sale')], [4]],
  ['a backslash is literal', [f('utm_campaign', 'contains', 'k\\s')], [6]],
  ['not_contains keeps NULLs', [f('utm_campaign', 'not_contains', 'sale')], [1, 2, 3, 6, 7]],
  ['not_contains none of', [f('pathname', 'not_contains', ['blog', 'docs'])], [3, 4, 5]],
  ['non-ASCII text', [f('city', 'contains', 'ü')], [4]],
  ['matches: an escaped dot is literal', [f('pathname', 'matches', '^/docs/a\\.b$')], [6]],
  ['matches: a dot is any character', [f('pathname', 'matches', '^/docs/a.b$')], [6, 7]],
  ['matches any of, case-sensitive', [f('pathname', 'matches', ['^/blog', '^/pricing'])], [1, 3]],
  ['matches with classes and counts', [f('pathname', 'matches', '^/[0-9]{3,4}[^0-9]')], [4, 5]],
  ['not of matches', { not: f('pathname', 'matches', '^/docs') }, [1, 2, 3, 4, 5]],
  ['gt leaves NULLs out', [f('status', 'gt', 399)], [3, 4]],
  ['lt leaves NULLs out', [f('status', 'lt', 300)], [2, 6]],
  ['not of lt takes NULLs in', { not: f('status', 'lt', 300) }, [1, 3, 4, 5, 7]],
  ['lt with a fraction', [f('status', 'lt', 200.5)], [2, 6]],
  ['is on a number, from a string', [f('status', 'is', '404')], [3]],
  ['is_not none of numbers', [f('status', 'is_not', [200, 404])], [1, 4, 5, 7]],
  ['is on asn', [f('asn', 'is', 3320)], [1, 4]],
  ['a property', [f('props.plan', 'is', 'pro')], [1]],
  ['a property, case-insensitively', [f('props.plan', 'contains', 'pro')], [1, 6]],
  [
    'a property is_not: missing, null and no props pass',
    [f('props.plan', 'is_not', 'pro')],
    [2, 3, 4, 5, 6, 7],
  ],
  ['a property, any of', [f('props.plan', 'is', ['free', 'team'])], [2, 7]],
  ['another property', [f('props.n', 'is', '3')], [2]],
  ['source reads referrer_source', [f('source', 'is', 'Google')], [2]],
  ['name', [f('name', 'is', 'Signup')], [3]],
  ['name is_not keeps NULLs', [f('name', 'is_not', 'Signup')], [1, 2, 4, 5, 6, 7]],
  ['kind', [f('kind', 'is', 'custom')], [3]],
  ['hostname', [f('hostname', 'ends_with', '.example.com')], [2, 6, 7]],
  ['identity', [f('identity', 'is', 'user-42')], [3]],
  ['an or', { or: [f('country', 'is', 'FR'), f('channel', 'is', 'email')] }, [2, 4]],
  [
    'not of an and',
    { not: { and: [f('country', 'is', 'DE'), f('channel', 'is', 'email')] } },
    [1, 2, 3, 5, 6, 7],
  ],
  [
    'nested groups',
    [
      { or: [f('channel', 'is', 'answer_engine'), f('channel', 'is', 'referral')] },
      { not: f('pathname', 'contains', 'axb') },
    ],
    [1, 6],
  ],
  ['not of not', { not: { not: f('country', 'is', 'DE') } }, [1, 4]],
  ['an empty or', { or: [] }, []],
  ['not of an empty or', { not: { or: [] } }, ALL_HITS],
];

const AGENT_CASES: [string, unknown, number[]][] = [
  ['no filter', [], ALL_FETCHES],
  ['a boolean', [f('verified', 'is', true)], [1, 3]],
  ['how a fetch was verified', [f('verified_by', 'is', 'web_bot_auth')], [3]],
  ['a boolean from a string', [f('verified', 'is', 'false')], [2, 4]],
  ['is_not on a NOT NULL boolean', [f('verified', 'is_not', true)], [2, 4]],
  ['a nullable boolean', [f('robots_allowed', 'is', false)], [2]],
  ['is_not on a nullable boolean keeps NULLs', [f('robots_allowed', 'is_not', true)], [2, 3]],
  ['not on a nullable boolean keeps NULLs', { not: f('robots_allowed', 'is', true) }, [2, 3]],
  ['either boolean leaves NULLs out', [f('llms_listed', 'is', [true, false])], [2, 3]],
  ['neither boolean is exactly the NULLs', [f('llms_listed', 'is_not', [true, 'false'])], [1, 4]],
  ['gt on bytes', [f('bytes', 'gt', 999)], [1, 4]],
  ['lt on bytes', [f('bytes', 'lt', 1000)], [2, 3]],
  ['lt on duration', [f('duration_ms', 'lt', '10')], [3]],
  ['status any of', [f('status', 'is', [404, 500])], [2, 4]],
  ['starts_with', [f('content_type', 'starts_with', 'TEXT/HTML')], [1, 3]],
  ['is_not keeps NULL countries', [f('country', 'is_not', 'US')], [2, 3]],
  ['is_not keeps NULL asns', [f('asn', 'is_not', 8075)], [2, 3, 4]],
  ['matches', [f('agent_id', 'matches', '^(gpt|claude)bot$')], [1, 2]],
  ['is is exact', [f('operator', 'is', 'OpenAI')], []],
  ['method', [f('method', 'is', 'HEAD')], [3]],
  ['hostname', [f('hostname', 'is', 'docs.example.com')], [4]],
  ['an or with a not', { or: [f('purpose', 'is', 'search'), { not: f('verified', 'is', true) }] }, [2, 3, 4]],
];

describe('compiled filters against PostgreSQL', () => {
  for (const [catalog, cases, all] of [
    [HUMAN_DIMENSIONS, HUMAN_CASES, ALL_HITS],
    [AGENT_DIMENSIONS, AGENT_CASES, ALL_FETCHES],
  ] as const) {
    describe(TABLES.get(catalog)!, () => {
      it.each(cases)('%s', async (_name, filters, expected) => {
        expect(await selected(catalog, filters)).toEqual(expected);
        // Never NULL: the expression and its negation split the rows between them.
        const complement = all.filter((s) => !expected.includes(s));
        expect(await selected(catalog, filters, 'negated')).toEqual(complement);
        const tree = parseFilters(filters, catalog);
        expect(await selected(catalog, { not: tree })).toEqual(complement);
      });
    });
  }

  it('takes JSON text as the query string carries it', async () => {
    const text =
      '[{"dimension":"channel","op":"is","value":"answer_engine"},{"dimension":"pathname","op":"starts_with","value":"/blog"}]';
    expect(await selected(HUMAN_DIMENSIONS, text)).toEqual([1]);
  });
});

describe('regexes the subset accepts', () => {
  const literal = fc.constantFrom('a', 'b', '/', '-', '_', ' ', ',', ':', '0', '1');
  // Every ASCII punctuation character escaped, and the escapes that stand for classes.
  const punctuation = [...' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];
  const escape = fc.constantFrom(...[...punctuation, ...'dwsDWSt'].map((c) => `\\${c}`));
  const range = fc
    .tuple(fc.constantFrom('0', '5', 'a', 'm'), fc.constantFrom('9', 'z', 'b'))
    .filter(([a, b]) => a <= b)
    .map(([a, b]) => `${a}-${b}`);
  const classItem = fc.oneof(
    literal.filter((c) => c !== '-'),
    range,
    fc.constantFrom('\\d', '\\w', '\\s', '\\]', '\\-', '\\['),
  );
  const charClass = fc
    .tuple(fc.boolean(), fc.array(classItem, { minLength: 1, maxLength: 4 }))
    .map(([negated, items]) => `[${negated ? '^' : ''}${items.join('')}]`);
  const quantifier = fc.constantFrom(
    '',
    '',
    '*',
    '+',
    '?',
    '*?',
    '+?',
    '??',
    '{2}',
    '{0,3}',
    '{1,}',
    '{2,4}?',
  );
  const { pattern } = fc.letrec<{ atom: string; piece: string; sequence: string; pattern: string }>(
    (tie) => ({
      atom: fc.oneof(
        { depthSize: 'small' },
        literal,
        escape,
        charClass,
        fc.constant('.'),
        fc.tuple(fc.constantFrom('(', '(?:'), tie('pattern')).map(([open, p]) => `${open}${p})`),
      ),
      piece: fc.oneof(
        { arbitrary: fc.tuple(tie('atom'), quantifier).map(([a, q]) => a + q), weight: 6 },
        { arbitrary: fc.constantFrom('^', '$'), weight: 1 },
      ),
      // Empty alternatives are legal but match everywhere, which would tell the engines apart less.
      sequence: fc.array(tie('piece'), { minLength: 1, maxLength: 4 }).map((p) => p.join('')),
      pattern: fc.array(tie('sequence'), { minLength: 1, maxLength: 3 }).map((s) => s.join('|')),
    }),
  );
  const patterns = fc.sample(pattern, { numRuns: 400, seed: 20260501 }).filter((p) => p.length <= 200);
  const subjects = fc.sample(
    fc.string({ unit: fc.constantFrom(...'ab/-_ ,:019\t.*#%<>$^()[]{}|\\'), maxLength: 10 }),
    {
      numRuns: 16,
      seed: 7,
    },
  );

  it('are all accepted', () => {
    expect(patterns.length).toBeGreaterThan(350);
    for (const p of patterns) expect([p, regexProblem(p)]).toEqual([p, undefined]);
  });

  it('compile in PostgreSQL and match there as in JavaScript', async () => {
    for (const p of patterns) {
      const { rows } = await db.pool.query<{ s: string; m: boolean }>(
        'SELECT s, s ~ $1 AS m FROM unnest($2::text[]) WITH ORDINALITY AS u(s, i) ORDER BY i',
        [p, subjects],
      );
      const js = new RegExp(p);
      expect([p, rows.map((r) => r.m)]).toEqual([p, subjects.map((s) => js.test(s))]);
    }
  });

  it('include non-ASCII and astral literals that PostgreSQL compiles', async () => {
    for (const p of ['é+😀+', '[^😀é]', '(?:ü|ö){2}', '^München$']) {
      expect(regexProblem(p)).toBeUndefined();
      await expect(db.pool.query("SELECT 'München' ~ $1", [p])).resolves.toBeDefined();
    }
  });
});
