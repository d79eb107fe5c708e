import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A user's task (docs/tasks.md). `params` holds the type's parameters as created; `result` the
  // summary of the last finished run; `report` an analysis's report. `run_id` names the current
  // claim: a worker writes only while its claim is the task's, so a swept-and-reclaimed task is
  // never written by the worker that lost it. `heartbeat_at` is touched while running; the sweep
  // returns a task whose heartbeat went stale (its worker died) to pending, or fails it.
  await db.schema
    .createTable('tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('scrape', 'analyze', 'export')`))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) between 1 and 120`))
    .addColumn('description', 'text', (c) => c.check(sql`char_length(description) <= 1000`))
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'running', 'completed', 'failed', 'cancelled')`),
    )
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0).check(sql`progress between 0 and 100`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_id', 'text')
    .addColumn('heartbeat_at', 'timestamptz')
    .addColumn('error', 'text')
    .addColumn('result', 'jsonb')
    .addColumn('report', 'jsonb')
    // An export's file, relative to TASKS_DIR; cleared (and the file deleted) when it expires.
    .addColumn('file_name', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('tasks_user_idx').on('tasks').columns(['user_id', 'created_at']).execute();
  await sql`create index tasks_active_idx on tasks (status, heartbeat_at) where status in ('pending', 'running')`.execute(db);
  await sql`create index tasks_expiring_idx on tasks (expires_at) where file_name is not null`.execute(db);

  // A file a user uploaded for a scrape task, kept under TASKS_DIR/uploads until used or expired.
  await db.schema
    .createTable('task_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull().check(sql`char_length(filename) <= 255`))
    .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('jsonl', 'csv')`))
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('task_uploads_user_idx').on('task_uploads').columns(['user_id']).execute();
  await db.schema.createIndex('task_uploads_expires_idx').on('task_uploads').columns(['expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('task_uploads').execute();
  await db.schema.dropTable('tasks').execute();
}
