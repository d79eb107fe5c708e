import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per sub-minute job slot that ran: the runner claims a slot here before running it, so
  // two instances whose offers landed in different pg-boss singleton windows (their clocks or a
  // busy event loop put them either side of a boundary) still run the slot once.
  await db.schema
    .createTable('job_slots')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slot', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('job_slots_pk', ['name', 'slot'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_slots').execute();
}
