import { randomBytes } from 'node:crypto';
import type { PublicUser } from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import type { Selection } from 'kysely';
import { AppError } from '../errors.js';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
export const USERNAME_TAKEN_MESSAGE = 'This username is already taken';

/** The columns a public user is made of: never the hash, plan or token version. */
export const PUBLIC_USER_COLUMNS = [
  'users.id',
  'users.username',
  'users.email',
  'users.avatar',
  'users.social_accounts',
  'users.created_at',
  'users.email_verified_at',
] as const;

export type PublicUserRow = Selection<Database, 'users', (typeof PUBLIC_USER_COLUMNS)[number]>;

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
    emailVerified: row.email_verified_at !== null,
  };
}

/** Prefixed random ids (`usr_…`, `ses_…`): 96 random bits, readable in logs as what they name. */
export function newId(prefix: 'usr' | 'ses' | 'pwr' | 'emc' | 'emv' | 'lnk' | 'rec' | 'tfc'): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

/** Unique-index violations become the 409 a person can act on. */
export function conflictFrom(error: unknown): AppError | null {
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code !== '23505') return null;
  if (constraint === 'users_email_lower_key') return new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE);
  if (constraint === 'users_username_lower_key') return new AppError('CONFLICT', USERNAME_TAKEN_MESSAGE);
  return null;
}
