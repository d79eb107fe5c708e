import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The account's plan was the unused `tier` column; it is named as the product names it.
  await sql`alter table users rename column tier to plan`.execute(db);
  await sql`alter table users rename constraint users_tier_check to users_plan_check`.execute(db);

  // Every upgrade and downgrade, so a month's bill can be explained. Payment is not taken yet.
  await db.schema
    .createTable('plan_changes')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('from_plan', 'text', (c) => c.notNull().check(sql`from_plan in ('free', 'pro')`))
    .addColumn('to_plan', 'text', (c) => c.notNull().check(sql`to_plan in ('free', 'pro')`))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index plan_changes_user_idx on plan_changes (user_id, at desc)`.execute(db);

  // The store that enforces the monthly quota: one row per account and calendar month (UTC).
  // A /v1 call reserves its count here with one conditional upsert (calls < quota) before its
  // handler runs, and gives it back if the answer is not a 2xx. Calls are split by the plan they
  // were made on: Free calls count against the quota, Pro calls are billed.
  await db.schema
    .createTable('api_usage_monthly')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', 'timestamptz', (c) => c.notNull())
    .addColumn('free_calls', 'integer', (c) => c.notNull().defaultTo(0).check(sql`free_calls >= 0`))
    .addColumn('pro_calls', 'integer', (c) => c.notNull().defaultTo(0).check(sql`pro_calls >= 0`))
    .addPrimaryKeyConstraint('api_usage_monthly_pkey', ['user_id', 'month'])
    .execute();

  // Calls per key and hour, written by the same statement as the monthly row, so both agree.
  // api_keys rows are never deleted (deleted_at), so usage keeps its key.
  await db.schema
    .createTable('api_usage_hourly')
    .addColumn('key_id', 'bigint', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull().defaultTo(0).check(sql`calls >= 0`))
    .addPrimaryKeyConstraint('api_usage_hourly_pkey', ['key_id', 'hour'])
    .execute();
  await sql`create index api_usage_hourly_user_idx on api_usage_hourly (user_id, hour)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_usage_hourly').execute();
  await db.schema.dropTable('api_usage_monthly').execute();
  await db.schema.dropTable('plan_changes').execute();
  await sql`alter table users rename constraint users_plan_check to users_tier_check`.execute(db);
  await sql`alter table users rename column plan to tier`.execute(db);
}
