import { randomUUID } from 'node:crypto';
import type { FetchRecorded, HitRecorded } from '../../streams/events.js';

/** A designed human hit; everything not given takes a plain default. */
export function hit(over: Partial<HitRecorded> & Pick<HitRecorded, 'site' | 'visitor' | 'ts'>): HitRecorded {
  return {
    type: 'HitRecorded',
    id: randomUUID(),
    kind: 'pageview',
    source: 'tracker',
    hostname: 'example.com',
    pathname: '/',
    ...over,
  };
}

export const T0 = Date.UTC(2026, 10, 2, 10, 0, 0);
export const MIN = 60_000;

export const UA = {
  gptbot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot',
  claudebot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  chatgptUser:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
  unknown: 'NewBot/2.0 (+https://newbot.example/about)',
} as const;

/** An OpenAI published range, as ingest records a match. */
export const OPENAI_RANGE = { family: 'gptbot', operator: 'openai', cidr: '20.171.206.0/24' } as const;

/** A designed agent fetch; everything not given takes a plain default (an unverified GPTBot HTML fetch). */
export function fetched(over: Partial<FetchRecorded> & Pick<FetchRecorded, 'site' | 'ts'>): FetchRecorded {
  return {
    type: 'FetchRecorded',
    id: randomUUID(),
    user_agent: UA.gptbot,
    method: 'GET',
    hostname: 'example.com',
    pathname: '/',
    status: 200,
    bytes: 1000,
    duration_ms: 10,
    content_type: 'text/html; charset=utf-8',
    conditional: 0,
    address: 'a'.repeat(64),
    ranges: [],
    ...over,
  };
}
