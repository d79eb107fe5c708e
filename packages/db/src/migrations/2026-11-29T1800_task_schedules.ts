import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A scrape task that repeats (docs/tasks.md, "Schedules"). `params` is the scrape's source as
  // created; each firing inserts a new task with it. `cron` is the UTC expression it runs on (a
  // preset's own for hourly, daily, weekly). `next_run_at` is when it is due, null while paused:
  // the firing job advances it in the transaction that inserts the run, so a firing happens once
  // whatever the number of instances. `failures` counts consecutive failed runs (the back-off).
  await db.schema
    .createTable('task_schedules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) between 1 and 120`))
    .addColumn('description', 'text', (c) => c.check(sql`char_length(description) <= 1000`))
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .addColumn('repeat', 'text', (c) => c.notNull().check(sql`repeat in ('hourly', 'daily', 'weekly', 'cron')`))
    .addColumn('cron', 'text', (c) => c.notNull().check(sql`char_length(cron) <= 100`))
    .addColumn('webhook_url', 'text', (c) => c.check(sql`char_length(webhook_url) <= 2048`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('next_run_at', 'timestamptz')
    .addColumn('last_run_at', 'timestamptz')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('task_schedules_user_idx').on('task_schedules').columns(['user_id', 'created_at']).execute();
  await sql`create index task_schedules_due_idx on task_schedules (next_run_at) where active`.execute(db);

  // A task a schedule started (kept when the schedule goes, as a task of its own), where its end
  // is to be POSTed, and when that end was settled: the schedule's failures counted and the
  // webhook's delivery written, once, by whichever instance gets there first.
  await db.schema
    .alterTable('tasks')
    .addColumn('schedule_id', 'text', (c) => c.references('task_schedules.id').onDelete('set null'))
    .addColumn('webhook_url', 'text')
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await sql`create index tasks_schedule_idx on tasks (schedule_id, created_at) where schedule_id is not null`.execute(db);
  await sql`create index tasks_unsettled_idx on tasks (finished_at)
    where settled_at is null and (schedule_id is not null or webhook_url is not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').dropColumn('settled_at').dropColumn('webhook_url').dropColumn('schedule_id').execute();
  await db.schema.dropTable('task_schedules').execute();
}
