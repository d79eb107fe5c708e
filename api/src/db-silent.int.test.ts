import type { DbConfig } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import { bearer, signup } from './test/auth.js';
import { answerWithin, HUNG, startSilentProxy, type SilentProxy } from './test/silent-proxy.js';

/** The silence lasts this long at most: an answer before it ends is an answer, not a hang. */
const OUTAGE_MS = 60_000;
const UNAVAILABLE = 'The service is temporarily unavailable (database unreachable). Please retry shortly.';

// Checklist 22: PostgreSQL going silent (TCP open, nothing answers) under a running server.
describe.runIf(process.env.TEST_DB === 'postgres')('a silent PostgreSQL link (postgres)', () => {
  let proxy: SilentProxy;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    const server = new URL(process.env.TEST_DATABASE_URL ?? '');
    proxy = await startSilentProxy({ host: server.hostname, port: Number(server.port || 5432) });
    t = await createTestApp(
      {},
      {
        dbVia: (config: DbConfig): DbConfig => {
          if (config.kind !== 'postgres') throw new Error('postgres only');
          const url = new URL(config.url);
          return { ...config, url: url.toString().replace(url.host, `127.0.0.1:${proxy.port}`) };
        },
      },
    );
    ({ token } = await signup(t.app));
  }, 120_000);

  afterAll(async () => {
    proxy?.resume();
    await t?.close();
    await proxy?.close();
  });

  it('requests on open and new connections fail within seconds with 503 (REST) and SERVICE_UNAVAILABLE (tRPC), and service returns with the link', async () => {
    proxy.silence();
    // Several at once: some run on pooled connections already open, others need a new one.
    const [rest, trpc, ...more] = await Promise.all([
      answerWithin(t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) }), OUTAGE_MS),
      answerWithin(t.app.inject({ method: 'GET', url: '/trpc/blog.list' }), OUTAGE_MS),
      ...Array.from({ length: 6 }, () =>
        answerWithin(t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) }), OUTAGE_MS),
      ),
    ]);
    if (rest === HUNG || trpc === HUNG || more.includes(HUNG)) throw new Error('a request waited for the whole outage');
    expect(rest.statusCode).toBe(503);
    expect(rest.headers['retry-after']).toBe('5');
    expect(rest.json()).toEqual({ error: UNAVAILABLE });
    expect(trpc.statusCode).toBe(503);
    expect(trpc.json()).toMatchObject({ error: { message: UNAVAILABLE, data: { code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5 } } });
    for (const res of more) if (res !== HUNG) expect(res.statusCode).toBe(503);

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);

    proxy.resume();
    let status = 0;
    for (let attempt = 0; attempt < 60 && status !== 200; attempt++) {
      status = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status).toBe(200);
  }, 120_000);
});
