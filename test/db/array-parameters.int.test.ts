import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayLiteral, withArrayLiterals } from '../../src/db/array-parameters.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const strings = [
  'plain',
  '',
  'NULL',
  'a,b',
  '{x}',
  ' spaced ',
  'quo"te',
  'back\\slash',
  '\\"',
  'tab\t',
  'é ✓',
];
const numbers = [0, -1, 1.5, Math.fround(0.1), 1e21, 2 ** 53, -0.000123];

describe('arrayLiteral', () => {
  it('writes what pg would send: Postgres reads the same arrays of text, numbers, booleans and nulls', async () => {
    for (const [values, type] of [
      [strings, 'text'],
      [[...strings, null, undefined], 'text'],
      [numbers, 'float8'],
      [[...numbers.map(String), null], 'text'],
      [[1, null, 3], 'int'],
      [[true, false, null], 'boolean'],
      [[true, false], 'text'],
      [[], 'int'],
    ] as [unknown[], string][]) {
      const read = async (v: unknown) =>
        (await db.pool.query(`SELECT $1::${type}[] AS a`, [v])).rows[0].a as unknown[];
      const literal = arrayLiteral(values);
      expect(literal).toBeTypeOf('string');
      expect(await read(literal)).toEqual(await read(values));
    }
  });

  it("leaves arrays of other values to pg's own conversion", () => {
    const dates = [new Date(0)];
    const nested = [[1, 2]];
    expect(arrayLiteral(dates)).toBeUndefined();
    expect(arrayLiteral([{ a: 1 }])).toBeUndefined();
    expect(withArrayLiterals([dates, nested, 'x', 3, [1, 'a']])).toEqual([dates, nested, 'x', 3, '{1,"a"}']);
  });
});
