import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from '../../src/db/unreachable.js';
import { toAppError } from '../../src/errors/to-app-error.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset socket', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a connection exception', withCode('connection failure', '08006')],
    ['an administrator shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['the server shutting down', withCode('the database system is shutting down', '57P03')],
    ['a connection ended under a query', new Error('Connection terminated unexpectedly')],
  ])('holds for %s', (_, err) => {
    expect(isDatabaseUnreachable(err)).toBe(true);
    expect(toAppError(err)).toMatchObject({ code: 'database_error', status: 503 });
  });

  it.each([
    ['a missing relation', withCode('relation "x" does not exist', '42P01')],
    ['a lock timeout', withCode('canceling statement due to lock timeout', '55P03')],
    ['a plain error', new Error('boom')],
    ['not an error', 'ECONNREFUSED'],
  ])('does not hold for %s', (_, err) => {
    expect(isDatabaseUnreachable(err)).toBe(false);
  });
});
