import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Task uploads and exports (docs/tasks.md), in the database every instance reaches, rather
  // than in one instance's TASKS_DIR: a download may land on any instance behind the balancer. A
  // file is its chunks of up to 1 MiB in order, written and read one chunk at a time (streamed,
  // never whole in memory). Files are named by the rows that own them (task_uploads.file_name,
  // tasks.result_file); their 24-hour expiry is those rows' and the sweep deletes both.
  await db.schema
    .createTable('task_files')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('chunk', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('task_files_pkey', ['name', 'chunk'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('task_files').execute();
}
