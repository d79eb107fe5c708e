import type { ColumnType, Generated, Selectable } from 'kysely';

export type Tier = 'free' | 'pro';

export interface SocialAccounts {
  twitter?: string;
  facebook?: string;
  instagram?: string;
}

export interface UsersTable {
  /** Prefixed random id, e.g. `usr_…`. */
  id: string;
  username: string;
  /** Stored as given; uniqueness is case-insensitive (index on lower(email)). */
  email: string;
  password_hash: string;
  avatar: string | null;
  social_accounts: ColumnType<SocialAccounts, SocialAccounts | undefined, SocialAccounts>;
  tier: ColumnType<Tier, Tier | undefined, Tier>;
  /** Bumped on password change, reset and logout: tokens carry it and older ones stop verifying. */
  token_version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type UserRow = Selectable<UsersTable>;
