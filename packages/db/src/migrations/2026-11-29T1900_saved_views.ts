import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Named views of a table (docs/web-app.md, "Saved views"): its filters, sort and columns. A view
  // belongs to one owner: an account today; `owner_team_id` is there for views shared with a team,
  // so sharing adds a reference and rows rather than a new table. Exactly one owner is set.
  await db.schema
    .createTable('saved_views')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('owner_team_id', 'text', (c) => c.references('teams.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('state', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('saved_views_one_owner', sql`num_nonnulls(owner_user_id, owner_team_id) = 1`)
    .execute();
  // One name per owner and table whatever the case; the same index lists an owner's views of a table.
  await sql`create unique index saved_views_user_name_idx on saved_views (owner_user_id, table_name, lower(name)) where owner_user_id is not null`.execute(
    db,
  );
  await sql`create unique index saved_views_team_name_idx on saved_views (owner_team_id, table_name, lower(name)) where owner_team_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_views').execute();
}
