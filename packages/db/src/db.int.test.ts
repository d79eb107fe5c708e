import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, DatabaseUnavailableError, type DbHandle } from './create-db.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';
import { seedDemoData } from './seed/index.js';
import { ASSET_LIST } from './seed/asset-list.js';
import { DEMO_POST_COUNT } from './seed/posts/seed-posts.js';
import { createTestDatabase, type TestDatabase } from './testing.js';

let testDb: TestDatabase;
let handle: DbHandle;

beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = await createDb(testDb.config);
  await migrateToLatest(handle.db);
});

afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

const user = (n: number, email = `user${n}@example.com`) => ({
  id: `usr_test${n}`,
  username: `user${n}`,
  email,
  password_hash: 'not-a-real-hash',
});

describe(`database (${process.env.TEST_DB})`, () => {
  it('applies every listed migration once, and a second run applies none', async () => {
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });

  it('refuses a second account with the same email in another case, naming the constraint', async () => {
    await handle.db.insertInto('users').values(user(1, 'Alice@Example.com')).execute();
    const duplicate = handle.db.insertInto('users').values(user(2, 'alice@example.COM')).execute();
    await expect(duplicate).rejects.toMatchObject({ code: '23505', constraint: 'users_email_lower_key' });
  });

  it('fills defaults and hands back the same JS types on both databases', async () => {
    await handle.db.insertInto('users').values(user(3)).execute();
    const row = await handle.db
      .selectFrom('users')
      .select(['social_accounts', 'plan', 'token_version', 'created_at'])
      .where('id', '=', 'usr_test3')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ social_accounts: {}, plan: 'free', token_version: 0 });
    expect(row.created_at).toBeInstanceOf(Date);

    const types = await sql<{ n: number; d: string; ids: number[]; amount: string }>`
      select count(*) as n, date '2026-01-31' as d, array[1, 2]::int8[] as ids, 1.10::numeric as amount from users
    `.execute(handle.db);
    expect(types.rows[0]).toEqual({ n: 2, d: '2026-01-31', ids: [1, 2], amount: '1.10' });
  });

  it('rolls a failed transaction back completely', async () => {
    const attempt = handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(user(4)).execute();
      await trx.insertInto('users').values(user(5, 'user4@example.com')).execute();
    });
    await expect(attempt).rejects.toMatchObject({ code: '23505' });
    const found = await handle.db.selectFrom('users').select('id').where('id', 'in', ['usr_test4', 'usr_test5']).execute();
    expect(found).toEqual([]);
  });

  it('never lets a query from outside a transaction join it and roll back with it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const failing = handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(user(6)).execute();
      await gate;
      throw new Error('abort');
    });
    const outside = handle.db.insertInto('users').values(user(7)).execute();
    release();
    await expect(failing).rejects.toThrow('abort');
    await outside;
    const found = await handle.db.selectFrom('users').select('id').where('id', 'in', ['usr_test6', 'usr_test7']).execute();
    expect(found).toEqual([{ id: 'usr_test7' }]);
  });

  it('keeps the event loop free while the embedded database is busy', async ({ skip }) => {
    // Only PGlite runs in this process: on PostgreSQL the test would pass without testing anything.
    skip(process.env.TEST_DB === 'postgres', 'PostgreSQL runs in a process of its own');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await sql`select pg_sleep(0.3)`.execute(handle.db);
    clearInterval(timer);
    // Blocked, the loop would run the timer at most once, after the query; free, about 30 times,
    // fewer when a loaded machine starves the process, but not down to one or two.
    expect(ticks).toBeGreaterThan(3);
  });

  // The demo data seeded whole (posts analysed, rollups and postings written) on the embedded
  // engine: about a minute under a full CI run, past the 60 s default.
  it('seeds the asset list once; a second seed adds nothing and keeps edits', async () => {
    expect(await seedDemoData(handle.db)).toEqual({ assets: ASSET_LIST.length, blogPosts: expect.any(Number), posts: DEMO_POST_COUNT });
    await handle.db.updateTable('assets').set({ name: 'Bitcoin (edited)' }).where('symbol', '=', 'BTC').execute();
    expect(await seedDemoData(handle.db)).toEqual({ assets: 0, blogPosts: 0, posts: 0 });
    const btc = await handle.db.selectFrom('assets').select(['name', 'rank']).where('symbol', '=', 'BTC').executeTakeFirst();
    expect(btc).toEqual({ name: 'Bitcoin (edited)', rank: 1 });
  }, 300_000);
});

// PGlite's own: the PostgreSQL project would only run it a second time. One table, not the whole
// schema: the folder is what is tested (migrating it took most of the test's 30 s on a loaded machine).
describe.skipIf(process.env.TEST_DB === 'postgres')('embedded database folder', () => {
  it('starts a new folder as a copy of the template, keeps data across reopen, and refuses a second opener while one has it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'coinsight-pglite-'));
    const migrated = await createTestDatabase(process.env, { migrated: true });
    const template = migrated.config.kind === 'pglite' ? migrated.config.template : undefined;
    try {
      const first = await createDb({ kind: 'pglite', dataDir, template });
      expect(await migrateToLatest(first.db)).toEqual([]);
      await sql`create table kept (email text)`.execute(first.db);
      await sql`insert into kept values ('user1@example.com')`.execute(first.db);
      await expect(createDb({ kind: 'pglite', dataDir })).rejects.toThrow(/another Coinsight process is using it/);
      await first.close();

      // The folder holds a database now: the template is not laid over it.
      const again = await createDb({ kind: 'pglite', dataDir, template });
      expect((await sql<{ email: string }>`select email from kept`.execute(again.db)).rows).toEqual([{ email: 'user1@example.com' }]);
      await again.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe('unreachable database', () => {
  it('fails fast with a message naming where it tried, without the password', async () => {
    const attempt = createDb({ kind: 'postgres', url: 'postgres://app:s3cret@127.0.0.1:1/nowhere' });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(attempt).rejects.toThrow(
      /^Could not connect to PostgreSQL at postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/nowhere: connect ECONNREFUSED 127\.0\.0\.1:1\.$/,
    );
    await expect(attempt).rejects.not.toThrow(/s3cret/);
  });
});
