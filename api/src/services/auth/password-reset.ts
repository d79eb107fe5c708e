import type { forgotPasswordSchema, resetPasswordSchema } from '@coinsight/contracts';
import type { z } from 'zod';
import type { Caller } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { sendMail } from '../mail/send.js';
import { passwordChangedMail, resetPasswordMail } from './mails.js';
import { hashPassword, refuseCommonPassword } from './passwords.js';
import { findOpenLink, mailOneTimeLink, refuseLink, useLink, type MailLinkDeps, type OneTimeLink } from './one-time-link.js';
import { revokeSessions } from './sessions.js';
import type { AuthLimits } from './throttle.js';

export const RESET_REQUESTED_MESSAGE = 'If an account exists for that email, a password reset link has been sent.';
export const INVALID_RESET_TOKEN_MESSAGE = 'This reset link is invalid or has expired. Please request a new one.';
export const RESET_UNAVAILABLE_MESSAGE = 'The reset link could not be sent right now. Please try again in a few minutes.';
const RESET_TTL_MS = 60 * 60 * 1000;

/** The reset link: one hour, at /reset-password, within the reset limits. */
const resetLink = (limits: AuthLimits): OneTimeLink => ({
  store: { table: 'password_resets', idPrefix: 'pwr', ttlMs: RESET_TTL_MS },
  page: { path: '/reset-password', mail: resetPasswordMail },
  limits: { requestsByIp: limits.resetRequestsByIp, mailsByAccount: limits.resetMailsByAccount },
  events: { sent: 'auth.reset_requested', throttled: 'auth.reset_throttled', failed: 'auth.reset_failed' },
  messages: { sent: RESET_REQUESTED_MESSAGE, unavailable: RESET_UNAVAILABLE_MESSAGE },
});

/**
 * Mails a reset link (auth/one-time-link.ts): the same answer, in the same time, whether or not
 * the address has an account; the link is recorded and mailed after the answer.
 */
export async function forgotPassword(
  deps: MailLinkDeps,
  input: z.infer<typeof forgotPasswordSchema>,
  caller: Caller<'client'>,
): Promise<{ message: string }> {
  return mailOneTimeLink(deps, { email: input.email, link: resetLink(deps.limits) }, caller);
}

/**
 * Sets a new password from a reset link; the link works once, and every session ends. The token
 * is checked before the new password is hashed: a made-up token costs a lookup, not an argon2 run.
 */
export async function resetPassword(
  deps: Pick<ServiceDeps, 'db' | 'mailer' | 'log' | 'limits' | 'sessions'>,
  input: z.infer<typeof resetPasswordSchema>,
  caller: Caller<'client'>,
): Promise<{ message: string }> {
  const { client } = caller;
  await deps.limits.linkAttemptsByIp.consume(client.ip);
  const open = await findOpenLink(deps.db, 'password_resets', input.token, new Date());
  if (!open) return refuse(deps);
  refuseCommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.transaction().execute(async (trx) => {
    const now = new Date();
    // Claimed again: another use may have won since the lookup.
    const reset = await useLink(trx, 'password_resets', input.token, now);
    if (!reset) return null;
    await revokeSessions(trx, reset.user_id, now);
    return trx
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: now }))
      .where('id', '=', reset.user_id)
      .returning(['id', 'username', 'email'])
      .executeTakeFirstOrThrow();
  });
  if (!user) return refuse(deps);
  deps.sessions.forgetUser(user.id);
  await sendMail(deps, {
    message: passwordChangedMail(user.email, user.username, 'reset'),
    when: 'after-answer',
    event: 'auth.reset_notice',
  });
  deps.log.info({ event: 'auth.reset', userId: user.id }, 'password reset');
  return { message: 'Your password has been reset.' };
}

function refuse(deps: Pick<ServiceDeps, 'log'>): never {
  return refuseLink(deps, {
    event: 'auth.reset_refused',
    log: 'password reset refused: invalid, used or expired token',
    message: INVALID_RESET_TOKEN_MESSAGE,
  });
}
