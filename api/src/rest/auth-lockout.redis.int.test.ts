import { randomInt } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { signup } from '../test/auth.js';

const redisUrl = process.env.TEST_REDIS_URL;

/** A TCP proxy in front of Redis that can refuse: while down it drops every connection, as a stopped Redis would. */
async function startSwitchProxy(target: { host: string; port: number }) {
  let down = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    if (down) return client.destroy();
    const upstream = connect(target.port, target.host);
    client.pipe(upstream);
    upstream.pipe(client);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    down() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    up() {
      down = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Health's Redis status once it reads `wanted`, or the last one seen after some seconds. */
async function redisStatus(t: TestApp, wanted: string): Promise<string | undefined> {
  let redis: string | undefined;
  for (let attempt = 0; attempt < 60 && redis !== wanted; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    redis = (await t.app.inject({ method: 'GET', url: '/api/health' })).json<{ redis?: string }>().redis;
  }
  return redis;
}

// docs/security.md §27: with the counters in Redis, a Redis outage is never a failed login either.
describe.runIf(redisUrl)(`a Redis outage during sign-ins (${process.env.TEST_DB})`, () => {
  let proxy: Awaited<ReturnType<typeof startSwitchProxy>>;
  let t: TestApp;

  beforeAll(async () => {
    const server = new URL(redisUrl ?? '');
    proxy = await startSwitchProxy({ host: server.hostname, port: Number(server.port || 6379) });
    t = await createTestApp({ redisUrl: `redis://127.0.0.1:${proxy.port}` });
    expect(await redisStatus(t, 'up')).toBe('up');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('docs/security.md §27: right-password logins while Redis is down sign in and count nothing; after it returns the owner still has every attempt', async () => {
    const { body } = await signup(t.app);
    // Redis keeps counters between runs: an address of this run's own.
    const home = `198.18.${randomInt(50, 250)}.${randomInt(1, 250)}`;
    proxy.down();
    expect(await redisStatus(t, 'down')).toBe('down');
    // More than every bound: per account and address (5), per account (20).
    for (let i = 0; i < 8; i++) expect((await login(body.email, body.password, home)).statusCode).toBe(200);
    for (let i = 0; i < 22; i++)
      expect((await login(body.email, body.password, `198.19.${randomInt(0, 255)}.${i + 1}`)).statusCode).toBe(200);
    proxy.up();
    expect(await redisStatus(t, 'up')).toBe('up');

    expect((await login(body.email, body.password, home)).statusCode).toBe(200);
    // The Redis counters hold nothing of the outage: five wrong guesses are checked, the sixth refused.
    for (let i = 0; i < 5; i++) expect((await login(body.email, 'Wrong-Guess-1', home)).statusCode).toBe(401);
    expect((await login(body.email, body.password, home)).statusCode).toBe(429);
    // And the owner, from another address, still signs in.
    expect((await login(body.email, body.password, `198.19.${randomInt(0, 255)}.251`)).statusCode).toBe(200);
  }, 120_000);

  it('docs/security.md §27: 200 guesses from 10 addresses, counted in Redis, leave the owner able to sign in from a new address', async () => {
    const { body } = await signup(t.app);
    const net = `198.20.${randomInt(0, 255)}`;
    const guessers = Array.from({ length: 10 }, (_, i) => `${net}.${i + 1}`);
    for (let round = 0; round < 20; round++)
      for (const address of guessers) expect([401, 429]).toContain((await login(body.email, `Wrong-Guess-${round}`, address)).statusCode);
    expect((await login(body.email, body.password, `${net}.200`)).statusCode).toBe(200);
    for (const address of guessers) expect((await login(body.email, body.password, address)).statusCode).toBe(429);
  }, 120_000);
});
