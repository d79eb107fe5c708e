import { seedDemoPosts } from '@coinsight/db';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './app.js';

/** A test app with `count` demo posts, analysed for the planner, and the newest post's time (ms). */
export async function seededSocialApp(count: number): Promise<{ t: TestApp; newest: number }> {
  const t = await createTestApp();
  await seedDemoPosts(t.setupDb, { count });
  await sql`analyze posts`.execute(t.setupDb);
  const last = await t.app.db
    .selectFrom('posts')
    .select(sql<Date>`max(created_at)`.as('at'))
    .executeTakeFirstOrThrow();
  return { t, newest: new Date(last.at).getTime() };
}
