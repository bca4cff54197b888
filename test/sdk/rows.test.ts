import { describe, expect, it } from 'vitest';
import { TwofoldInputError } from '../../src/sdk/index.js';
import { toAgentEventRow, toEventRow } from '../../src/sdk/rows.js';
import { crawl, FIREFOX, GPTBOT, page } from './fixtures.js';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');

function inputError(f: () => unknown): TwofoldInputError {
  try {
    f();
  } catch (e) {
    if (e instanceof TwofoldInputError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('track() input → events row', () => {
  it('maps to the edge keys, stamped with the time of the call', () => {
    expect(toEventRow(page(1), NOW)).toEqual({
      timestamp: '2025-06-01T12:00:00.000Z',
      user_agent: FIREFOX,
      ip: '203.0.113.7',
      hostname: 'example.com',
      pathname: '/p/1',
      key: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
  });

  it('gives every row a hit key of its own, or the one the input names', () => {
    const keys = new Set(Array.from({ length: 100 }, () => toEventRow(page(1), NOW).key));
    expect(keys.size).toBe(100);
    expect(toEventRow(page(1, { key: 'order-1234_x' }), NOW).key).toBe('order-1234_x');
  });

  it('carries the optional keys, rounding the duration and dropping the "?" of the query', () => {
    const row = toEventRow(
      page(1, {
        query: '?utm_source=news',
        referrer: 'https://news.example/',
        status: 404,
        durationMs: 12.6,
        id: 'user-42',
        timestamp: new Date('2025-05-31T23:59:59.5+02:00'),
      }),
      NOW,
    );
    expect(row).toMatchObject({
      timestamp: '2025-05-31T21:59:59.500Z',
      query: 'utm_source=news',
      referrer: 'https://news.example/',
      status: 404,
      duration_ms: 13,
      id: 'user-42',
    });
  });

  it('splits a query off the path, and drops a fragment', () => {
    expect(toEventRow(page(1, { pathname: '/a?utm_source=x&b=1#top' }), NOW)).toMatchObject({
      pathname: '/a',
      query: 'utm_source=x&b=1',
    });
    expect(toEventRow(page(1, { pathname: '/a?x=1', query: 'y=2' }), NOW)).toMatchObject({
      pathname: '/a',
      query: 'y=2',
    });
  });

  it('never sends a key the server establishes itself, whatever the input carries', () => {
    const sneaky = { ...page(1), verified: true, country: 'US', asn: 1, agent_id: 'x' };
    const row = toEventRow(sneaky, NOW);
    expect(Object.keys(row).sort()).toEqual(['hostname', 'ip', 'key', 'pathname', 'timestamp', 'user_agent']);
  });

  it.each([
    ['ip', { ip: 'not-an-ip' }],
    ['ip', { ip: undefined }],
    ['hostname', { hostname: '' }],
    ['hostname', { hostname: 'a b' }],
    ['id', { id: 'i'.repeat(257) }],
    ['pathname', { pathname: 'p/1' }],
    ['status', { status: 200.5 }],
    ['status', { status: 700 }],
    ['durationMs', { durationMs: -1 }],
    ['durationMs', { durationMs: Number.NaN }],
    ['timestamp', { timestamp: 'yesterday-ish' }],
    ['timestamp', { timestamp: NOW + 6 * 60_000 }],
    ['userAgent', { userAgent: 42 }],
    ['key', { key: 'short' }],
    ['key', { key: 'has space in it' }],
    ['key', { key: 'k'.repeat(65) }],
  ])('refuses a bad %s, naming it', (field, over) => {
    const e = inputError(() => toEventRow({ ...page(1), ...over } as never, NOW));
    expect(e.call).toBe('track');
    expect(e.field).toBe(field);
    expect(e.message).toContain(`track() ${field}`);
  });

  it('cuts free text to the server limits rather than losing the visit', () => {
    const row = toEventRow(
      page(1, {
        userAgent: 'U'.repeat(5000),
        pathname: `/${'p'.repeat(3000)}`,
        query: 'q'.repeat(5000),
        referrer: 'r'.repeat(5000),
      }),
      NOW,
    );
    expect([row.user_agent.length, row.pathname.length, row.query!.length, row.referrer!.length]).toEqual([
      1024, 2048, 4096, 4096,
    ]);
  });

  it('drops the port from a Host-style hostname', () => {
    expect(toEventRow(page(1, { hostname: 'example.com:8443' }), NOW).hostname).toBe('example.com');
    expect(toEventRow(page(1, { hostname: '[2001:db8::1]:80' }), NOW).hostname).toBe('[2001:db8::1]');
  });

  it('accepts a backfilled past timestamp and one at most five minutes ahead', () => {
    expect(toEventRow(page(1, { timestamp: '2024-01-01T00:00:00Z' }), NOW).timestamp).toBe(
      '2024-01-01T00:00:00.000Z',
    );
    expect(toEventRow(page(1, { timestamp: NOW + 5 * 60_000 }), NOW).timestamp).toBe(
      '2025-06-01T12:05:00.000Z',
    );
  });
});

describe('agentFetch() input → agent_events row', () => {
  it('maps to the eleven edge keys, conditional as 0/1', () => {
    expect(toAgentEventRow(crawl(1, { method: 'get', conditional: true, durationMs: 4.4 }), NOW)).toEqual({
      timestamp: '2025-06-01T12:00:00.000Z',
      user_agent: GPTBOT,
      method: 'GET',
      hostname: 'example.com',
      pathname: '/docs/1',
      status: 200,
      bytes: 1001,
      duration_ms: 4,
      content_type: 'text/html; charset=utf-8',
      conditional: 1,
      ip: '20.171.207.1',
    });
    expect(toAgentEventRow(crawl(1), NOW).conditional).toBe(0);
    expect(toAgentEventRow(crawl(1, { conditional: 1 }), NOW).conditional).toBe(1);
  });

  it('passes the Web Bot Auth headers as received, and drops all three when one is over the server’s bound', () => {
    const headers = {
      signature: 'sig1=:AAAA:',
      signatureInput: 'sig1=("@authority");tag="web-bot-auth"',
      signatureAgent: '"https://chatgpt.com"',
    };
    expect(toAgentEventRow(crawl(1, headers), NOW)).toMatchObject({
      signature: 'sig1=:AAAA:',
      signature_input: 'sig1=("@authority");tag="web-bot-auth"',
      signature_agent: '"https://chatgpt.com"',
    });
    const long = toAgentEventRow(crawl(1, { ...headers, signature: `sig1=:${'A'.repeat(4096)}:` }), NOW);
    for (const k of ['signature', 'signature_input', 'signature_agent']) expect(long).not.toHaveProperty(k);
    expect(toAgentEventRow(crawl(1), NOW)).not.toHaveProperty('signature');
  });

  it('takes an empty content type (a 304 has none) and drops the query of the path', () => {
    const row = toAgentEventRow(crawl(1, { status: 304, contentType: '', pathname: '/docs?page=2' }), NOW);
    expect(row).toMatchObject({ status: 304, content_type: '', pathname: '/docs' });
    expect(row).not.toHaveProperty('query');
  });

  it.each([
    ['method', { method: 'GET /' }],
    ['method', { method: 'X'.repeat(17) }],
    ['status', { status: undefined }],
    ['bytes', { bytes: '10' }],
    ['contentType', { contentType: undefined }],
    ['conditional', { conditional: 'yes' }],
    ['ip', { ip: '999.1.1.1' }],
  ])('refuses a bad %s, naming it', (field, over) => {
    const e = inputError(() => toAgentEventRow({ ...crawl(1), ...over } as never, NOW));
    expect([e.call, e.field]).toEqual(['agentFetch', field]);
  });

  it('refuses input that is not an object', () => {
    expect(inputError(() => toAgentEventRow(null as never, NOW)).field).toBe('');
    expect(inputError(() => toEventRow('x' as never, NOW)).message).toBe(
      'twofold: track() input: must be an object; the row was not queued',
    );
  });
});
