import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 8080,
      TWOFOLD_ROLE: 'all',
      TRUST_PROXY: false,
      COOKIE_SECURE: 'auto',
      LOG_LEVEL: 'info',
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir.endsWith('/.data')).toBe(true);
  });

  it.each([
    ['PORT', 'eighty', 'PORT="eighty" is invalid: expected an integer port 0-65535'],
    ['TWOFOLD_ROLE', 'worker', 'TWOFOLD_ROLE="worker" is invalid: expected one of all, api, projector'],
    [
      'DATABASE_URL',
      'mysql://x',
      'DATABASE_URL="mysql://x" is invalid: expected a postgres:// or postgresql:// URL',
    ],
    ['NATS_URL', 'localhost:4222', 'NATS_URL="localhost:4222" is invalid: expected one or more nats:// URLs'],
    [
      'LOG_LEVEL',
      'loud',
      'LOG_LEVEL="loud" is invalid: expected one of fatal, error, warn, info, debug, trace',
    ],
    ['TRUST_PROXY', 'proxy.local', 'TRUST_PROXY="proxy.local" is invalid: expected true, false, a hop count'],
    ['COOKIE_SECURE', 'yes', 'COOKIE_SECURE="yes" is invalid: expected one of auto, true, false'],
  ])('refuses %s=%s with one line naming it', (name, value, message) => {
    let err: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain(message);
    expect((err as Error).message).not.toContain('\n');
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });
});

describe('DNS_SERVERS', () => {
  it('is unset by default (the system resolvers) and reads address:port lists, IPv6 in brackets', () => {
    expect(loadConfig({}).DNS_SERVERS).toBeUndefined();
    expect(loadConfig({ DNS_SERVERS: '127.0.0.1:5353, [::1]:53' }).DNS_SERVERS).toEqual([
      '127.0.0.1:5353',
      '[::1]:53',
    ]);
  });

  it.each(['127.0.0.1', 'dns.example:53', '127.0.0.1:0', '::1:53', '127.0.0.1:53,'])(
    'refuses %s',
    (value) => {
      expect(() => loadConfig({ DNS_SERVERS: value })).toThrow(
        'is invalid: expected one or more resolvers as address:port, comma separated',
      );
    },
  );
});

describe('the reads’ thresholds', () => {
  it('default to a citation-gap ratio of 10 and a decay of more than 50 % from 10 pageviews', () => {
    expect(loadConfig({})).toMatchObject({
      CITATION_GAP_RATIO: 10,
      DECAY_DROP_PERCENT: 50,
      DECAY_MIN_PAGEVIEWS: 10,
    });
    expect(loadConfig({ CITATION_GAP_RATIO: '2.5' }).CITATION_GAP_RATIO).toBe(2.5);
  });

  it.each([
    ['CITATION_GAP_RATIO', '0', 'a number above 0'],
    ['DECAY_DROP_PERCENT', '100', 'a percent from 0 to below 100'],
    ['DECAY_MIN_PAGEVIEWS', '0', 'a positive integer'],
  ])('refuses %s=%s', (name, value, accepts) => {
    expect(() => loadConfig({ [name]: value })).toThrow(accepts);
  });
});

describe('the cluster settings', () => {
  it('default to one stream replica and reads on DATABASE_URL', () => {
    const c = loadConfig({});
    expect(c.STREAM_REPLICAS).toBe(1);
    expect(c.READ_DATABASE_URL).toBeUndefined();
    expect(
      loadConfig({ STREAM_REPLICAS: '3', READ_DATABASE_URL: 'postgres://replica:5432/twofold' }),
    ).toMatchObject({ STREAM_REPLICAS: 3, READ_DATABASE_URL: 'postgres://replica:5432/twofold' });
  });

  it.each([
    ['STREAM_REPLICAS', '0', 'STREAM_REPLICAS="0" is invalid: expected an integer 1-5'],
    ['STREAM_REPLICAS', '7', 'STREAM_REPLICAS="7" is invalid: expected an integer 1-5'],
    [
      'READ_DATABASE_URL',
      'replica:5432',
      'READ_DATABASE_URL="replica:5432" is invalid: expected a postgres://',
    ],
  ])('refuses %s=%s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});

describe('AGENT_KEY_DIRECTORY_URLS', () => {
  it('reads origin=URL pairs, normalising the origin', () => {
    expect(
      loadConfig({
        AGENT_KEY_DIRECTORY_URLS:
          'https://Bot.Example/=https://keys.example/dir, https://chatgpt.com=http://127.0.0.1:9/d',
        POLICY_FETCH_PRIVATE: 'true',
      }).AGENT_KEY_DIRECTORY_URLS,
    ).toEqual([
      { origin: 'https://bot.example', url: 'https://keys.example/dir' },
      { origin: 'https://chatgpt.com', url: 'http://127.0.0.1:9/d' },
    ]);
    expect(loadConfig({}).AGENT_KEY_DIRECTORY_URLS).toEqual([]);
  });

  it('refuses an origin with a path, a non-http URL, and http:// off loopback or without POLICY_FETCH_PRIVATE', () => {
    expect(() =>
      loadConfig({ AGENT_KEY_DIRECTORY_URLS: 'https://bot.example/x=https://k.example/' }),
    ).toThrow(
      'AGENT_KEY_DIRECTORY_URLS="https://bot.example/x=https://k.example/" is invalid: expected comma-separated <https origin>=<directory URL> pairs (http:// only for loopback)',
    );
    expect(() => loadConfig({ AGENT_KEY_DIRECTORY_URLS: 'https://bot.example=ftp://k.example/' })).toThrow(
      /is invalid/,
    );
    expect(() => loadConfig({ AGENT_KEY_DIRECTORY_URLS: 'https://bot.example=http://127.0.0.1/d' })).toThrow(
      /an http:\/\/ directory must be on a loopback host, with POLICY_FETCH_PRIVATE=true/,
    );
    expect(() =>
      loadConfig({
        AGENT_KEY_DIRECTORY_URLS: 'https://bot.example=http://k.example/d',
        POLICY_FETCH_PRIVATE: 'true',
      }),
    ).toThrow(/loopback/);
  });
});
