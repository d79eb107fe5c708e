import { AUTH_MESSAGES, type PublicUser, type updateProfileSchema } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import { verifyPassword } from '../auth/passwords.js';
import { checkCurrentPassword } from '../auth/throttle.js';
import { conflictFrom, EMAIL_TAKEN_MESSAGE, PUBLIC_USER_COLUMNS, toPublicUser } from '../auth/users.js';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { pendingEmail, requestEmailChange } from './email.js';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from './password.js';

export const PROFILE_UPDATED_MESSAGE = 'Profile updated successfully.';
export const EMAIL_PENDING_MESSAGE =
  'Profile updated. Check your new inbox: the new email address takes effect once you open the link we sent to it.';

/**
 * Username, email and social handles; fields a user may not set never reach here (the schema
 * drops them). A new email needs the current password and takes effect only once confirmed from
 * the new inbox (user/email.ts): a stolen session alone cannot take the account's address.
 */
export async function updateProfile(
  deps: Pick<ServiceDeps, 'db' | 'mailer' | 'log' | 'limits' | 'publicUrl' | 'now' | 'sessions'>,
  input: z.infer<typeof updateProfileSchema>,
  caller: SignedIn,
): Promise<{ user: PublicUser; pendingEmail: string | null; message: string }> {
  const { userId } = caller;
  const { db } = deps;
  const current = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!current) throw new AppError('NOT_FOUND', 'Account not found');
  // Only the spelling's case differs: the same mailbox, nothing to confirm.
  const sameAddress = input.email.toLowerCase() === current.email.toLowerCase();
  if (!sameAddress) {
    const password = input.currentPassword;
    if (!password) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.currentPasswordForEmail);
    if (!(await checkCurrentPassword(deps.limits, userId, () => verifyPassword(current.password_hash, password)))) {
      deps.log.info({ event: 'auth.email_change_refused', userId }, 'email change refused: wrong current password');
      throw new AppError('BAD_REQUEST', WRONG_CURRENT_PASSWORD_MESSAGE);
    }
    // Behind the password check, so a stolen session cannot probe which addresses have accounts.
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', input.email.toLowerCase())
      .where('id', '!=', userId)
      .executeTakeFirst();
    if (taken) throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE);
  }
  const socialAccounts = Object.fromEntries(Object.entries(input.socialAccounts).filter(([, handle]) => handle));
  let row;
  try {
    row = await db
      .updateTable('users')
      .set({
        username: input.username,
        social_accounts: socialAccounts,
        updated_at: new Date(),
        ...(sameAddress ? { email: input.email } : {}),
      })
      .where('id', '=', userId)
      .returning([...PUBLIC_USER_COLUMNS])
      .executeTakeFirstOrThrow();
  } catch (error) {
    throw conflictFrom(error) ?? error;
  }
  deps.sessions.forgetUser(userId);
  if (!sameAddress) await requestEmailChange(deps, current, input.email);
  const pending = await pendingEmail(deps, {}, caller);
  return {
    user: toPublicUser(row),
    pendingEmail: pending,
    message: pending && !sameAddress ? EMAIL_PENDING_MESSAGE : PROFILE_UPDATED_MESSAGE,
  };
}
