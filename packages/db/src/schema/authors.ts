import type { Generated, Selectable } from 'kysely';
import type { Platform } from './posts.js';

/** Someone who posts on one platform; the same handle on two platforms is two authors. */
export interface AuthorsTable {
  id: Generated<number>;
  platform: Platform;
  /** As the platform spells it; unique per platform regardless of case. */
  username: string;
  display_name: string | null;
  followers: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type AuthorRow = Selectable<AuthorsTable>;
