import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopyRows, copyText, runStatement } from '../../src/db/copy.js';
import { withTransaction } from '../../src/db/transaction.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.pool.query('CREATE TABLE copied (i int, t text, r real, j jsonb)');
});
afterAll(() => db.drop());

describe('CopyRows', () => {
  it('stores every value as written: separators, backslashes, NULL beside the text "\\N", numbers, JSON', async () => {
    const rows: [number, string | null, number | null, string | null][] = [
      [1, 'tab\there\nnewline\r\\back\\slash', 0.1, JSON.stringify({ path: 'a\\b\t"c"\n' })],
      [2, '\\N', null, null],
      [3, null, Math.fround(1234.5678), '[1,2]'],
      [4, '', 1e21, JSON.stringify('é ✓ \u0001')],
    ];
    await withTransaction(db.pool, (tx) =>
      runStatement(
        tx,
        new CopyRows(
          'copied',
          ['i', 't', 'r', 'j'],
          copyText(rows, (r) => r),
        ),
      ),
    );
    const { rows: stored } = await db.pool.query('SELECT i, t, r, j::text AS j FROM copied ORDER BY i');
    expect(stored).toEqual([
      { i: 1, t: 'tab\there\nnewline\r\\back\\slash', r: 0.1, j: '{"path": "a\\\\b\\t\\"c\\"\\n"}' },
      { i: 2, t: '\\N', r: null, j: null },
      { i: 3, t: null, r: 1234.5677, j: '[1, 2]' },
      { i: 4, t: '', r: 1e21, j: '"é ✓ \\u0001"' },
    ]);
  });
});
