import type { changePasswordSchema } from '@coinsight/contracts';
import type { z } from 'zod';
import { passwordChangedMail } from '../auth/mails.js';
import { hashPassword, refuseCommonPassword, verifyPassword } from '../auth/passwords.js';
import { openSession, revokeSessions } from '../auth/sessions.js';
import { checkCurrentPassword } from '../auth/throttle.js';
import type { Caller } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { sendMail } from '../mail/send.js';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';

/** Ends every session, this one included, and answers a fresh token for the caller. */
export async function changePassword(
  deps: Pick<ServiceDeps, 'db' | 'mailer' | 'log' | 'jwtSecret' | 'limits' | 'sessions'>,
  input: z.infer<typeof changePasswordSchema>,
  caller: Caller<'userId' | 'client'>,
): Promise<{ message: string; token: string }> {
  const { userId, client } = caller;
  const { db, log } = deps;
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', 'Account not found');
  if (!(await checkCurrentPassword(deps.limits, userId, () => verifyPassword(user.password_hash, input.currentPassword)))) {
    log.info({ event: 'auth.change_password_refused', userId }, 'password change refused: wrong current password');
    throw new AppError('BAD_REQUEST', WRONG_CURRENT_PASSWORD_MESSAGE);
  }
  refuseCommonPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const token = await db.transaction().execute(async (trx) => {
    const now = new Date();
    await revokeSessions(trx, userId, now);
    const updated = await trx
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: now }))
      .where('id', '=', userId)
      .returning(['id', 'token_version'])
      .executeTakeFirstOrThrow();
    return openSession(trx, deps.jwtSecret, updated, client);
  });
  deps.sessions.forgetUser(userId);
  await sendMail(deps, {
    message: passwordChangedMail(user.email, user.username, 'changed'),
    when: 'after-answer',
    event: 'auth.change_notice',
  });
  log.info({ event: 'auth.password_changed', userId }, 'password changed');
  return { message: 'Password changed successfully.', token };
}
