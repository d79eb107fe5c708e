import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { newAccount } from '../test/auth.js';

const signupFrom = (t: TestApp, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: newAccount(), remoteAddress });

// docs/security.md §29: rotating addresses no longer makes accounts at will.
describe(`sign-up velocity (${process.env.TEST_DB})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  // Closing waits for the after-answer queue (a verification mail per sign-up, one at a time):
  // seconds alone, minutes on a loaded machine.
  afterAll(async () => {
    await t?.close();
  }, 600_000);

  it('docs/security.md §29: 5 sign-ups an hour per address; an IPv4-mapped IPv6 address is the same address', async () => {
    for (let i = 0; i < 3; i++) expect((await signupFrom(t, '203.0.113.5')).statusCode).toBe(201);
    for (let i = 0; i < 2; i++) expect((await signupFrom(t, '::ffff:203.0.113.5')).statusCode).toBe(201);
    const refused = await signupFrom(t, '::ffff:203.0.113.5');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'Too many requests. Please try again later.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((await signupFrom(t, '203.0.113.5')).statusCode).toBe(429);
    // Its neighbour is another address.
    expect((await signupFrom(t, '203.0.113.6')).statusCode).toBe(201);
  });

  it('docs/security.md §29: 20 sign-ups an hour per IPv4 /24, whichever addresses in it', async () => {
    for (let i = 1; i <= 20; i++) expect((await signupFrom(t, `198.51.100.${i}`)).statusCode).toBe(201);
    const refused = await signupFrom(t, '198.51.100.200');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signupFrom(t, '::ffff:198.51.100.201')).statusCode).toBe(429);
    // The next network is not affected.
    expect((await signupFrom(t, '198.51.101.1')).statusCode).toBe(201);
  });

  it('docs/security.md §29: an IPv6 host is its /64, and 20 sign-ups an hour per /48', async () => {
    // Rotating addresses inside one /64 is one address.
    for (let i = 1; i <= 5; i++) expect((await signupFrom(t, `2001:db8:77:1::${i}`)).statusCode).toBe(201);
    expect((await signupFrom(t, '2001:db8:77:1:ffff::9')).statusCode).toBe(429);
    // Rotating /64s inside one /48 meets the network's limit: 5 above and 15 more make 20.
    for (let i = 2; i <= 16; i++) expect((await signupFrom(t, `2001:db8:77:${i.toString(16)}::1`)).statusCode).toBe(201);
    const refused = await signupFrom(t, '2001:db8:77:ff::1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signupFrom(t, '2001:db8:78::1')).statusCode).toBe(201);
  });

  it('docs/security.md §29: a taken email still answers 409 as documented (docs/accounts.md)', async () => {
    const body = newAccount();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body, remoteAddress: '192.0.2.44' })).statusCode).toBe(
      201,
    );
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...newAccount(), email: body.email },
      remoteAddress: '192.0.2.45',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'An account with this email already exists' });
  });
});

describe(`the global sign-up rate (${process.env.TEST_DB})`, () => {
  let t: TestApp;
  const RATE = 5;

  beforeAll(async () => {
    t = await createTestApp({ signupsPerMinute: RATE });
  });

  // Closing waits for the after-answer queue (a verification mail per sign-up, one at a time):
  // seconds alone, minutes on a loaded machine.
  afterAll(async () => {
    await t?.close();
  }, 600_000);

  it('docs/security.md §29: past the rate new sign-ups get 429 with Retry-After, and the operator gets one warning line', async () => {
    // Each from its own network: only the global rate can refuse them.
    for (let i = 0; i < RATE; i++) expect((await signupFrom(t, `100.64.${i}.1`)).statusCode).toBe(201);
    for (let i = 0; i < 4; i++) {
      const res = await signupFrom(t, `100.65.${i}.1`);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ error: 'Sign-ups are busy right now. Please try again in a minute.' });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // tRPC answers the same.
    const trpc = await t.app.inject({ method: 'POST', url: '/trpc/auth.signup', payload: newAccount(), remoteAddress: '100.66.0.1' });
    expect(trpc.statusCode).toBe(429);
    const warnings = t.logs.filter((line) => line.includes('"event":"auth.signup_rate_exceeded"'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0] ?? '{}')).toMatchObject({ level: 40, limit: RATE, windowSeconds: 60 });
    // Refused sign-ups did not use up their addresses' or networks' own limits.
    const counted = await t.app.deps.limits.signupsByIp.hit('100.65.0.1');
    expect(counted.consumed).toBe(1);
  });
});
