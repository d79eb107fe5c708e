import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // An account's display preferences (docs/accounts.md, "Preferences"): one row per account once it
  // saves any, read and written only by its owner. No row reads as the defaults (UTC, the device's
  // theme, 1,234.5). The values are checked by the API; the checks here keep a bad write out.
  await db.schema
    .createTable('user_preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC').check(sql`char_length(time_zone) between 1 and 64`))
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo('system').check(sql`theme in ('system', 'light', 'dark')`))
    .addColumn('number_format', 'text', (c) =>
      c.notNull().defaultTo('comma_period').check(sql`number_format in ('comma_period', 'period_comma', 'space_comma')`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_preferences').execute();
}
