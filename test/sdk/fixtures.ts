import type { AgentFetchInput, TrackInput, TwofoldError } from '../../src/sdk/index.js';

export const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
export const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
export const INGEST_KEY = 'ik_test_0123456789abcdef';

export function page(i: number, over: Partial<TrackInput> = {}): TrackInput {
  return { ip: '203.0.113.7', userAgent: FIREFOX, hostname: 'example.com', pathname: `/p/${i}`, ...over };
}

export function crawl(i: number, over: Partial<AgentFetchInput> = {}): AgentFetchInput {
  return {
    ip: '20.171.207.1',
    userAgent: GPTBOT,
    method: 'GET',
    hostname: 'example.com',
    pathname: `/docs/${i}`,
    status: 200,
    bytes: 1000 + i,
    durationMs: 5,
    contentType: 'text/html; charset=utf-8',
    ...over,
  };
}

/** An `onError` that keeps what it is given. */
export function errors(): { list: TwofoldError[]; onError: (e: TwofoldError) => void } {
  const list: TwofoldError[] = [];
  return { list, onError: (e) => void list.push(e) };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
