import { createDb, migrateToLatest, type DbHandle } from '@coinsight/db';
import { createTestDatabase, type TestDatabase } from '@coinsight/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signup } from '../test/auth.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { startSilentProxy, type SilentProxy } from '../test/silent-proxy.js';
import { importFixture, twitterFixture } from '../test/social-fixtures.js';

// READ_DATABASE_URL sends the hot read-only queries to a replica. The "replica"
// here is a second database holding posts the primary has not: what a list answers tells which
// one it read. It sits behind a TCP proxy, so the test can cut it off as a partition would.
describe.runIf(process.env.TEST_DB === 'postgres')('a read replica (READ_DATABASE_URL)', () => {
  let replicaDb: TestDatabase;
  let replica: DbHandle;
  let proxy: SilentProxy;
  let t: TestApp;
  let auth: { authorization: string };

  beforeAll(async () => {
    replicaDb = await createTestDatabase();
    if (replicaDb.config.kind !== 'postgres') throw new Error('postgres only');
    replica = await createDb(replicaDb.config);
    await migrateToLatest(replica.db);
    await importFixture(replica.db, 'twitter', twitterFixture);
    const url = new URL(replicaDb.config.url);
    proxy = await startSilentProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    t = await createTestApp({ readReplicaUrl: url.toString() });
    auth = bearer((await signup(t.app)).token);
  });

  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await replica?.close();
    await replicaDb?.drop();
  });

  it('answers social lists, search and analytics from the replica', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/social/twitter', headers: auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().pagination.total).toBe(twitterFixture.length);
    const primary = await t.app.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(primary.n)).toBe(0);
  });

  it('writes, and reads of what was just written, go to the primary', async () => {
    const { token, user } = await signup(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id });
    expect(await replica.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
  });

  it('/readyz reports the replica, and turns 503 when it stops answering; lists answer 503, not 500', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', db: 'up', replica: 'up' });
    proxy.silence();
    try {
      const cut = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(cut.statusCode).toBe(503);
      expect(cut.json()).toMatchObject({ status: 'not_ready', db: 'up', replica: 'down' });
      // A page not read yet (the read cache must not answer it).
      const list = await t.app.inject({ method: 'GET', url: '/api/social/twitter?page=2&sortBy=likes', headers: auth });
      expect(list.statusCode).toBe(503);
      expect(list.headers['retry-after']).toBeDefined();
    } finally {
      proxy.resume();
    }
  });
});
