import { randomBytes } from 'node:crypto';
import type { PublicUser } from '@coinsight/contracts';
import type { UserRow } from '@coinsight/db';

/** The columns a public user is made of: never the hash, tier or token version. */
export const PUBLIC_USER_COLUMNS = ['users.id', 'users.username', 'users.email', 'users.avatar', 'users.social_accounts', 'users.created_at'] as const;

export type PublicUserRow = Pick<UserRow, 'id' | 'username' | 'email' | 'avatar' | 'social_accounts' | 'created_at'>;

export function toPublicUser(row: PublicUserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    avatar: row.avatar,
    socialAccounts: {
      twitter: row.social_accounts.twitter ?? '',
      facebook: row.social_accounts.facebook ?? '',
      instagram: row.social_accounts.instagram ?? '',
    },
    created_at: row.created_at.toISOString(),
  };
}

/** Prefixed random ids (`usr_…`, `ses_…`): 96 random bits, readable in logs as what they name. */
export function newId(prefix: 'usr' | 'ses' | 'pwr'): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}
