import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { signup } from '../test/auth.js';

// Behind a balancer the per-address limits must see each client's own address,
// and a client must never choose its address by sending X-Forwarded-For itself.
const BALANCER = '10.0.0.2';

let direct: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  direct = await createTestApp();
  proxied = await createTestApp({ trustProxy: ['10.0.0.0/24'] });
});

afterAll(async () => {
  await Promise.all([direct?.close(), proxied?.close()]);
});

const login = (t: TestApp, email: string, password: string, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe(`TRUST_PROXY (${process.env.TEST_DB})`, () => {
  it('without it, a forged X-Forwarded-For is ignored: the peer address is what the limits count', async () => {
    const { body } = await signup(direct.app);
    for (let i = 0; i < 5; i++)
      expect((await login(direct, body.email, 'Wrong-Guess-1', '203.0.113.7', `198.51.100.${i}`)).statusCode).toBe(401);
    // A sixth "new" forwarded address changes nothing: the peer guessed five times.
    expect((await login(direct, body.email, body.password, '203.0.113.7', '198.51.100.99')).statusCode).toBe(429);
  });

  it('with it, each client behind the balancer has its own count, and one abuser does not lock out the others', async () => {
    const { body } = await signup(proxied.app);
    for (let i = 0; i < 5; i++) expect((await login(proxied, body.email, 'Wrong-Guess-1', BALANCER, '198.51.100.1')).statusCode).toBe(401);
    expect((await login(proxied, body.email, body.password, BALANCER, '198.51.100.1')).statusCode).toBe(429);
    // Another user, through the same balancer, signs in.
    expect((await login(proxied, body.email, body.password, BALANCER, '198.51.100.2')).statusCode).toBe(200);
  });

  it('with it, a client that reaches the server directly cannot forge its address', async () => {
    const { body } = await signup(proxied.app);
    for (let i = 0; i < 5; i++)
      expect((await login(proxied, body.email, 'Wrong-Guess-1', '203.0.113.50', `198.51.100.${10 + i}`)).statusCode).toBe(401);
    expect((await login(proxied, body.email, body.password, '203.0.113.50', '198.51.100.60')).statusCode).toBe(429);
  });

  it('logs the client address, not the balancer', async () => {
    const before = proxied.logs.length;
    await proxied.app.inject({ method: 'GET', url: '/livez', remoteAddress: BALANCER, headers: { 'x-forwarded-for': '198.51.100.77' } });
    const lines = proxied.logs.slice(before).join('');
    expect(lines).toContain('"remoteAddress":"198.51.100.77"');
    expect(lines).not.toContain(`"remoteAddress":"${BALANCER}"`);
  });
});
