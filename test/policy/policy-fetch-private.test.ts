import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('POLICY_FETCH_PRIVATE', () => {
  it('is off by default, reads true and false, and refuses anything else in one line', () => {
    expect(loadConfig({}).POLICY_FETCH_PRIVATE).toBe(false);
    expect(loadConfig({ POLICY_FETCH_PRIVATE: 'true' }).POLICY_FETCH_PRIVATE).toBe(true);
    expect(loadConfig({ POLICY_FETCH_PRIVATE: 'false' }).POLICY_FETCH_PRIVATE).toBe(false);
    expect(() => loadConfig({ POLICY_FETCH_PRIVATE: 'intranet' })).toThrow(
      'POLICY_FETCH_PRIVATE="intranet" is invalid: expected true or false',
    );
  });
});
