import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { ApiError, getData, READS_IN_FLIGHT } from '../../web/src/lib/api.js';

/*
 * The dashboard loads many panels at once, and an account may have several tabs open: a read the
 * server refuses for the account's read budget (429 rate_limited, Retry-After) is asked again
 * after the pause it names, a few times, instead of showing an error in its panel.
 */
const limited = (retryAfter: string) =>
  new Response(
    JSON.stringify({
      error: { code: 'rate_limited', message: 'more than 8 reads in flight for this account' },
    }),
    { status: 429, headers: { 'retry-after': retryAfter, 'content-type': 'application/json' } },
  );
const ok = (data: unknown) => new Response(JSON.stringify({ data, meta: {} }), { status: 200 });

let fetch: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('getData over the read budget', () => {
  it('asks again after Retry-After and answers the data', async () => {
    fetch.mockResolvedValueOnce(limited('2')).mockResolvedValueOnce(ok([1, 2]));
    const read = getData<number[]>('/api/stats/pages?site=1');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(read).resolves.toEqual([1, 2]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives up after three refusals with the server’s message', async () => {
    fetch.mockImplementation(async () => limited('1'));
    const read = getData('/api/stats/pages?site=1');
    const caught = read.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5_000);
    const err = (await caught) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.code, err.message]).toEqual([
      429,
      'rate_limited',
      'more than 8 reads in flight for this account',
    ]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('does not ask again for any other refusal', async () => {
    fetch.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: 'validation_error', message: 'bad', field: 'page' } }), {
        status: 400,
      }),
    );
    await expect(getData('/api/stats/pages?site=1&page=0')).rejects.toMatchObject({ status: 400 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('getData queues the page’s reads', () => {
  it('has at most READ_CONCURRENCY (the server’s default) reads in flight, the rest sent as each answers', async () => {
    expect(READS_IN_FLIGHT).toBe(loadConfig({}).READ_CONCURRENCY);
    const answers: ((r: Response) => void)[] = [];
    fetch.mockImplementation(() => new Promise<Response>((resolve) => answers.push(resolve)));
    const reads = Array.from({ length: 15 }, (_, i) => getData<number>(`/api/stats/pages?site=${i}`));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(8);
    answers[0]!(ok(0));
    answers[1]!(ok(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(10);
    // The queue sends them in the order they were asked for.
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(
      Array.from({ length: 10 }, (_, i) => `/api/stats/pages?site=${i}`),
    );
    for (let i = 2; i < 15; i++) {
      await vi.advanceTimersByTimeAsync(0);
      answers[i]!(ok(i));
    }
    await expect(Promise.all(reads)).resolves.toEqual(Array.from({ length: 15 }, (_, i) => i));
    expect(fetch).toHaveBeenCalledTimes(15);
  });
});
