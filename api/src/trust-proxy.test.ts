import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env.js';
import { DEFAULT_INTERNAL_NETWORKS, INTERNAL_NETWORKS_MESSAGE, internalMatcher, parseInternalNetworks } from './internal-networks.js';
import { parseTrustProxy, TRUST_PROXY_MESSAGE } from './trust-proxy.js';

describe('TRUST_PROXY', () => {
  it('unset or empty: no proxy is trusted', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(loadEnv({}).TRUST_PROXY).toBeUndefined();
  });

  it('takes addresses, CIDR ranges and the named private ranges, comma-separated', () => {
    expect(parseTrustProxy('10.0.0.2')).toEqual(['10.0.0.2']);
    expect(parseTrustProxy('10.0.0.0/8, fd00::/8,loopback')).toEqual(['10.0.0.0/8', 'fd00::/8', 'loopback']);
    expect(parseTrustProxy('uniquelocal,linklocal')).toEqual(['uniquelocal', 'linklocal']);
  });

  it.each([
    'true',
    '*',
    '1',
    '2',
    '10.0.0.0/33',
    '300.1.1.1',
    'balancer.internal',
    '10.0.0.1/8/9',
    ',',
    // A /0 trusts every address (it stopped the start with proxy-addr's stack trace before).
    '0.0.0.0/0',
    '::/0',
    '10.0.0.0/0',
    '::ffff:10.0.0.1/0',
    '10.0.0.0/-1',
    '10.0.0.0/',
    '10.0.0.0/8,0.0.0.0/0',
    '01.2.3.4',
  ])('refuses %j, saying why: a client must not choose its own address', (value) => {
    expect(parseTrustProxy(value)).toBeUndefined();
    expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(TRUST_PROXY_MESSAGE);
  });

  it.each([
    '10.0.0.2',
    '10.0.0.0/8',
    '::1',
    'fd00::/8',
    '0.0.0.0',
    '10.0.0.0/008',
    '::ffff:10.0.0.0/104',
    'fe80::1%eth0',
    'loopback,10.1.2.3/32',
  ])('a value it takes (%j) is one Fastify starts with', (value) => {
    const trustProxy = parseTrustProxy(value);
    expect(trustProxy).toBeTruthy();
    expect(() => Fastify({ trustProxy: trustProxy || false })).not.toThrow();
  });
});

describe('INTERNAL_NETWORKS', () => {
  it('defaults to loopback and the private ranges', () => {
    expect(parseInternalNetworks(undefined)).toEqual(DEFAULT_INTERNAL_NETWORKS.split(','));
    const internal = internalMatcher(parseInternalNetworks('') ?? []);
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', 'fd00::1'])
      expect([ip, internal(ip)]).toEqual([ip, true]);
    for (const ip of ['203.0.113.7', '172.32.0.1', '::ffff:8.8.8.8', '2001:db8::1', 'not-an-address'])
      expect([ip, internal(ip)]).toEqual([ip, false]);
  });

  it.each(['internal', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/9', ','])('refuses %j with the configuration message', (value) => {
    expect(parseInternalNetworks(value)).toBeUndefined();
    expect(() => loadEnv({ INTERNAL_NETWORKS: value })).toThrow(INTERNAL_NETWORKS_MESSAGE);
  });
});
