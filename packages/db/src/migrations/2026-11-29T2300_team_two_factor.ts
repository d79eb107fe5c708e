import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A team's owners may require two-factor sign-in of every member (docs/accounts.md, "Teams").
  await db.schema
    .alterTable('teams')
    .addColumn('require_two_factor', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('teams').dropColumn('require_two_factor').execute();
}
