import type { PublicUser, updateProfileSchema } from '@coinsight/contracts';
import type { z } from 'zod';
import { conflictFrom, PUBLIC_USER_COLUMNS, toPublicUser } from '../auth/users.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';

/** Username, email and social handles; fields a user may not set never reach here (the schema drops them). */
export async function updateProfile(
  deps: Pick<ServiceDeps, 'db'>,
  input: z.infer<typeof updateProfileSchema>,
  userId: string,
): Promise<PublicUser> {
  const socialAccounts = Object.fromEntries(Object.entries(input.socialAccounts).filter(([, handle]) => handle));
  try {
    const row = await deps.db
      .updateTable('users')
      .set({ username: input.username, email: input.email, social_accounts: socialAccounts, updated_at: new Date() })
      .where('id', '=', userId)
      .returning([...PUBLIC_USER_COLUMNS])
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'Account not found');
    return toPublicUser(row);
  } catch (error) {
    throw conflictFrom(error) ?? error;
  }
}
