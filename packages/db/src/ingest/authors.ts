import { sql } from 'kysely';
import type { Platform } from '../schema/posts.js';
import type { Executor } from './post-rows.js';

export interface AuthorInput {
  platform: Platform;
  username: string;
  displayName: string | null;
  /** null: keep the stored count (0 for a new author). */
  followers: number | null;
}

export const authorKey = (platform: Platform, username: string) => `${platform}\u0001${username.toLowerCase()}`;

/**
 * Creates or refreshes authors and returns their ids by authorKey; the latest spelling of a
 * handle wins (platforms let people change its case). Two statements: one for
 * authors whose follower count the source gives (it replaces the stored one), one for those it
 * does not (the stored count stays).
 */
export async function upsertAuthors(db: Executor, authors: readonly AuthorInput[]): Promise<Map<string, number>> {
  const unique = new Map<string, AuthorInput>();
  for (const author of authors) unique.set(authorKey(author.platform, author.username), author);
  const ids = new Map<string, number>();
  const all = [...unique.values()];
  for (const group of [all.filter((a) => a.followers !== null), all.filter((a) => a.followers === null)]) {
    if (group.length === 0) continue;
    const knownFollowers = group[0]?.followers !== null;
    const result = await sql<{ id: number; platform: Platform; username: string }>`
      insert into authors (platform, username, display_name, followers)
      select * from unnest(
        ${group.map((a) => a.platform)}::text[], ${group.map((a) => a.username)}::text[],
        ${group.map((a) => a.displayName)}::text[], ${group.map((a) => a.followers ?? 0)}::int8[]
      )
      on conflict (platform, lower(username)) do update set
        username = excluded.username,
        display_name = coalesce(excluded.display_name, authors.display_name),
        followers = ${knownFollowers ? sql`excluded.followers` : sql`authors.followers`},
        updated_at = now()
      returning id, platform, username
    `.execute(db);
    for (const row of result.rows) ids.set(authorKey(row.platform, row.username), row.id);
  }
  return ids;
}
