import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { trustProxyOption } from '../../src/http/trust-proxy.js';

/** The client address Fastify reports for a request from `socket` carrying `forwarded`. */
async function clientIp(trust: string, socket: string, forwarded?: string): Promise<string> {
  const app = Fastify({ trustProxy: trustProxyOption(loadConfig({ TRUST_PROXY: trust }).TRUST_PROXY) });
  app.get('/', async (req) => req.ip);
  const res = await app.inject({
    method: 'GET',
    url: '/',
    remoteAddress: socket,
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  });
  await app.close();
  return res.body;
}

describe('TRUST_PROXY as a list of proxies', () => {
  it('reads X-Forwarded-For only from a listed proxy, and walks back through listed ones only', async () => {
    const proxies = '10.0.0.0/8, 192.0.2.7, 2001:db8:1::/48';
    expect(await clientIp(proxies, '10.1.2.3', '203.0.113.5')).toBe('203.0.113.5');
    expect(await clientIp(proxies, '192.0.2.7', '203.0.113.5')).toBe('203.0.113.5');
    expect(await clientIp(proxies, '2001:db8:1:ff::1', '203.0.113.5')).toBe('203.0.113.5');
    // Dual-stack sockets report IPv4 peers as IPv4-mapped IPv6.
    expect(await clientIp(proxies, '::ffff:10.9.9.9', '203.0.113.5')).toBe('203.0.113.5');
    // Not a listed proxy: its header is not believed.
    expect(await clientIp(proxies, '192.0.2.8', '203.0.113.5')).toBe('192.0.2.8');
    expect(await clientIp(proxies, '2001:db8:2::1', '203.0.113.5')).toBe('2001:db8:2::1');
    // A chain: the rightmost address that is not a listed proxy is the client.
    expect(await clientIp(proxies, '10.0.0.1', '198.51.100.1, 203.0.113.9, 10.5.5.5')).toBe('203.0.113.9');
    expect(await clientIp(proxies, '10.0.0.1')).toBe('10.0.0.1');
  });

  it('answers as a hop count and as a flag as Fastify does', async () => {
    expect(await clientIp('1', '10.0.0.1', '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await clientIp('true', '10.0.0.1', '198.51.100.1, 203.0.113.9')).toBe('198.51.100.1');
    expect(await clientIp('false', '10.0.0.1', '198.51.100.1')).toBe('10.0.0.1');
  });

  it('refuses what is neither an address nor an address/length prefix', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/255.0.0.0' })).toThrow(/TRUST_PROXY=".*" is invalid/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY=".*" is invalid/);
  });
});
