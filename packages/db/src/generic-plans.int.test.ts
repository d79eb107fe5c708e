import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './create-db.js';
import { PREPARED_PER_CONNECTION } from './generic-plans.js';
import { migrateToLatest } from './migrate.js';
import { ensurePostMonths } from './partitions/months.js';
import { createTestDatabase, type TestDatabase } from './testing.js';

// A pool of generic plans (generic-plans.ts, docs/performance.md "Generic plans"): each statement
// prepared once per connection and run on its generic plan, with the plan-steering settings.
describe.runIf(process.env.TEST_DB === 'postgres')('a pool of generic plans', () => {
  let testDb: TestDatabase;
  let generic: DbHandle;
  let plain: DbHandle;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    if (testDb.config.kind !== 'postgres') throw new Error('PostgreSQL only');
    plain = await createDb({ ...testDb.config, poolSize: 1 });
    await migrateToLatest(plain.db);
    await ensurePostMonths(
      plain.db,
      ['2026-09-15', '2026-10-15', '2026-11-15'].map((day) => new Date(day)),
    );
    await sql`analyze posts`.execute(plain.db);
    generic = await createDb({ ...testDb.config, poolSize: 1, genericPlans: true });
  });

  afterAll(async () => {
    await generic?.close();
    await plain?.close();
    await testDb?.drop();
  });

  const setting = async (db: DbHandle, name: string) =>
    (await sql<{ setting: string }>`select current_setting(${name}) as setting`.execute(db.db)).rows[0]?.setting;

  it('plans generically with hash and merge joins and parallel workers off; the other pools keep the defaults', async () => {
    expect(await setting(generic, 'plan_cache_mode')).toBe('force_generic_plan');
    expect(await setting(generic, 'enable_hashjoin')).toBe('off');
    expect(await setting(generic, 'enable_mergejoin')).toBe('off');
    expect(await setting(generic, 'max_parallel_workers_per_gather')).toBe('0');
    expect(await setting(generic, 'jit')).toBe('off');
    expect(await setting(plain, 'plan_cache_mode')).toBe('auto');
    expect(await setting(plain, 'enable_hashjoin')).toBe('on');
  });

  it('prepares a statement once per connection and answers it with each call values', async () => {
    const page = (platform: 'twitter' | 'facebook') =>
      generic.db.selectFrom('posts').select('id').where('platform', '=', platform).orderBy('created_at', 'desc').limit(25).offset(0);
    for (const platform of ['twitter', 'facebook', 'twitter'] as const) expect(await page(platform).execute()).toEqual([]);
    const { rows } = await sql<{ statement: string; generic_plans: string }>`
      select statement, generic_plans from pg_prepared_statements where statement like ${'%from "posts"%'}
    `.execute(generic.db);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.generic_plans)).toBe(3);
    const { rows: none } = await sql<{ n: string }>`select count(*) as n from pg_prepared_statements`.execute(plain.db);
    expect(Number(none[0]?.n)).toBe(0);
  });

  it('keeps at most PREPARED_PER_CONNECTION statements; texts past them still answer, unnamed', async () => {
    for (let i = 0; i < PREPARED_PER_CONNECTION + 5; i++) {
      const { rows } = await sql<{ n: number }>`select ${sql.lit(i)}::int + ${1}::int as n`.execute(generic.db);
      expect(rows[0]?.n).toBe(i + 1);
    }
    const { rows } = await sql<{ n: string }>`select count(*) as n from pg_prepared_statements`.execute(generic.db);
    expect(Number(rows[0]?.n)).toBe(PREPARED_PER_CONNECTION);
  });

  it('reads a page on its generic plan by walking the index, not by hashing every post', async () => {
    await sql`prepare walk(text, int, int) as
      select posts.id from (select id, created_at from posts where platform = $1 order by created_at desc, id desc limit $2 offset $3) page
      join posts on posts.id = page.id and posts.created_at = page.created_at`.execute(generic.db);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain execute walk('twitter', 25, 0)`.execute(generic.db);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('Nested Loop');
    expect(plan).not.toMatch(/Hash Join|Merge Join|Gather/);
    await sql`deallocate walk`.execute(generic.db);
  });
});
