import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

// /metrics and the detail of /readyz are for INTERNAL_NETWORKS only (internal-networks.ts, default
// loopback and the private ranges), whatever balancer stands in front: encoded spellings of the
// path included, which the app decodes before routing.

let direct: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  direct = await createTestApp();
  // Behind a balancer at 10.0.0.0/24 that TRUST_PROXY names: the client is the forwarded address.
  proxied = await createTestApp({ trustProxy: ['10.0.0.0/24'] });
});

afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

const METRICS_SPELLINGS = ['/metrics', '/%6detrics', '/metric%73', '/%6D%65%74%72%69%63%73', '/metrics?x=1'];

describe(`the operator's edges answer only internal networks (${process.env.TEST_DB})`, () => {
  it('/metrics: a public client gets a 404 for every spelling of the path; loopback and private addresses get the metrics', async () => {
    for (const url of METRICS_SPELLINGS) {
      for (const remoteAddress of ['203.0.113.7', '2001:db8::7', '::ffff:198.51.100.1', '172.32.0.1']) {
        const res = await direct.app.inject({ method: 'GET', url, remoteAddress });
        expect({ url, remoteAddress, status: res.statusCode }).toEqual({ url, remoteAddress, status: 404 });
        expect(res.body).not.toContain('process_');
        expect(res.body).not.toContain('nodejs_version_info');
      }
      for (const remoteAddress of ['127.0.0.1', '::1', '10.2.3.4', '172.16.5.6', '192.168.1.10', 'fd12::1']) {
        const res = await direct.app.inject({ method: 'GET', url, remoteAddress });
        expect({ url, remoteAddress, status: res.statusCode }).toEqual({ url, remoteAddress, status: 200 });
        expect(res.body).toContain('coinsight_http_requests_total');
      }
    }
  });

  it('/readyz: the status alone for a public client, the dependencies and version for an internal one', async () => {
    const outside = await direct.app.inject({ method: 'GET', url: '/readyz', remoteAddress: '203.0.113.7' });
    expect(outside.statusCode).toBe(200);
    expect(outside.json()).toEqual({ status: 'ready' });
    const inside = await direct.app.inject({ method: 'GET', url: '/readyz', remoteAddress: '10.0.0.9' });
    expect(inside.statusCode).toBe(200);
    expect(inside.json()).toMatchObject({ status: 'ready', db: 'up', migrations: 'current', version: expect.any(String) });
  });

  it('behind a trusted balancer the forwarded client decides; a balancer not named in TRUST_PROXY exposes nothing', async () => {
    const viaBalancer = (app: TestApp, url: string, client: string) =>
      app.app.inject({ method: 'GET', url, remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': client } });
    // TRUST_PROXY names the balancer: a public client through it is public.
    expect((await viaBalancer(proxied, '/%6detrics', '203.0.113.7')).statusCode).toBe(404);
    expect((await viaBalancer(proxied, '/readyz', '203.0.113.7')).json()).toEqual({ status: 'ready' });
    expect((await viaBalancer(proxied, '/metrics', '10.0.0.77')).statusCode).toBe(200);
    // No TRUST_PROXY: the peer is the balancer's private address, but a forwarded request is never internal.
    expect((await viaBalancer(direct, '/metric%73', '203.0.113.7')).statusCode).toBe(404);
    expect((await viaBalancer(direct, '/readyz', '203.0.113.7')).json()).toEqual({ status: 'ready' });
  });

  it('INTERNAL_NETWORKS narrows who is internal', async () => {
    const narrow = await createTestApp({ internalNetworks: ['127.0.0.1/32'] });
    try {
      expect((await narrow.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      expect((await narrow.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.1.1' })).statusCode).toBe(404);
      expect((await narrow.app.inject({ method: 'GET', url: '/readyz', remoteAddress: '10.1.1.1' })).json()).toEqual({ status: 'ready' });
    } finally {
      await narrow.close();
    }
  });
});
