import type { forgotPasswordSchema, resetPasswordSchema } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Caller } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { passwordChangedMail, resetPasswordMail, sendLater } from './mails.js';
import { hashPassword, refuseCommonPassword } from './passwords.js';
import { accountKey } from './throttle.js';
import { newLinkToken, tokenHash } from './tokens.js';
import { newId } from './users.js';

export const RESET_REQUESTED_MESSAGE = 'If an account exists for that email, a password reset link has been sent.';
export const INVALID_RESET_TOKEN_MESSAGE = 'This reset link is invalid or has expired. Please request a new one.';
export const RESET_UNAVAILABLE_MESSAGE = 'The reset link could not be sent right now. Please try again in a few minutes.';
const RESET_RETRY_AFTER_SECONDS = 60;
const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Answers the same whether or not the address has an account, once the reset is recorded and its
 * mail handed over: both kinds of address look the account up before the answer, so when the
 * database is down both get the same 503. A known address also records the token and hands the
 * mail to the mail transport (the outbox table, or the SMTP server) before the answer, so "sent"
 * is only said of a link that went out; if either fails the answer is 503 and the request is not
 * counted against the address.
 */
export async function forgotPassword(
  deps: Pick<ServiceDeps, 'db' | 'mailer' | 'limits' | 'log' | 'publicUrl'>,
  input: z.infer<typeof forgotPasswordSchema>,
  caller: Caller<'client'>,
): Promise<{ message: string }> {
  const { client } = caller;
  await deps.limits.resetRequestsByIp.consume(client.ip);
  try {
    await sendResetLink(deps, input.email);
  } catch (error) {
    await deps.limits.resetRequestsByIp.refund(client.ip).catch(() => undefined);
    deps.log.error({ err: error, event: 'auth.reset_failed' }, 'reset link could not be recorded or sent');
    throw new AppError('SERVICE_UNAVAILABLE', RESET_UNAVAILABLE_MESSAGE, { retryAfterSeconds: RESET_RETRY_AFTER_SECONDS });
  }
  return { message: RESET_REQUESTED_MESSAGE };
}

async function sendResetLink(deps: Pick<ServiceDeps, 'db' | 'mailer' | 'limits' | 'log' | 'publicUrl'>, email: string): Promise<void> {
  const { db, limits, log } = deps;
  const account = accountKey(email);
  const underLimit = await limits.resetMailsByAccount.consume(account).then(
    () => true,
    () => false,
  );
  try {
    const user = await db
      .selectFrom('users')
      .select(['id', 'username', 'email'])
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
    if (!user) return;
    if (!underLimit) {
      log.warn({ event: 'auth.reset_throttled', userId: user.id }, 'reset mail not sent: too many requests for this account');
      return;
    }
    const token = newLinkToken();
    await db
      .insertInto('password_resets')
      .values({
        id: newId('pwr'),
        user_id: user.id,
        token_hash: tokenHash(token),
        expires_at: new Date(Date.now() + RESET_TTL_MS),
        used_at: null,
      })
      .execute();
    // Built from PUBLIC_URL, never from the request's Host header.
    const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await deps.mailer.send(resetPasswordMail(user.email, user.username, link));
    log.info({ event: 'auth.reset_requested', userId: user.id }, 'password reset requested');
  } catch (error) {
    // No mail went out: this request does not use up one of the account's mails.
    if (underLimit) await limits.resetMailsByAccount.refund(account).catch(() => undefined);
    throw error;
  }
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
  const hash = tokenHash(input.token);
  const open = await deps.db
    .selectFrom('password_resets')
    .select('id')
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (!open) return refuse(deps);
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.transaction().execute(async (trx) => {
    const now = new Date();
    // Claiming the token and checking it again are one statement: two concurrent uses cannot both win.
    const reset = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (!reset) return null;
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', reset.user_id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', reset.user_id)
      .where('revoked_at', 'is', null)
      .execute();
    return trx
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: now }))
      .where('id', '=', reset.user_id)
      .returning(['id', 'username', 'email'])
      .executeTakeFirstOrThrow();
  });
  if (!user) return refuse(deps);
  deps.sessions.forgetUser(user.id);
  sendLater(deps, passwordChangedMail(user.email, user.username, 'reset'), 'auth.reset_notice');
  deps.log.info({ event: 'auth.reset', userId: user.id }, 'password reset');
  return { message: 'Your password has been reset.' };
}

function refuse(deps: Pick<ServiceDeps, 'log'>): never {
  deps.log.info({ event: 'auth.reset_refused' }, 'password reset refused: invalid, used or expired token');
  throw new AppError('BAD_REQUEST', INVALID_RESET_TOKEN_MESSAGE);
}
