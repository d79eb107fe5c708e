import type { emailLinkSchema } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Caller, NoInput, SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { confirmAccountMail, sendLater } from './mails.js';
import { newLinkToken, tokenHash } from './tokens.js';
import { newId } from './users.js';

export const ACCOUNT_VERIFIED_MESSAGE = 'Your email address is confirmed. You can now create API keys.';
export const INVALID_VERIFICATION_LINK_MESSAGE = 'This confirmation link is invalid, used or expired. Request a new one from Settings.';
export const ALREADY_VERIFIED_MESSAGE = 'Your email address is already confirmed.';
export const TOO_MANY_VERIFICATION_MAILS_MESSAGE = 'Too many confirmation emails requested. Please wait and try again.';
const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;

type MailDeps = Pick<ServiceDeps, 'db' | 'mailer' | 'log' | 'publicUrl'>;

/**
 * Mails a single-use link that confirms the account's current address (sign-up, resend). Only
 * the token's SHA-256 is stored, like a reset token (docs/security.md §5); the link is built from
 * PUBLIC_URL, never from the request.
 */
export async function sendVerificationMail(deps: MailDeps, user: { id: string; username: string; email: string }): Promise<void> {
  const token = newLinkToken();
  await deps.db
    .insertInto('email_verifications')
    .values({
      id: newId('emv'),
      user_id: user.id,
      email: user.email,
      token_hash: tokenHash(token),
      expires_at: new Date(Date.now() + VERIFY_TTL_MS),
      used_at: null,
    })
    .execute();
  const link = `${deps.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  sendLater(deps, confirmAccountMail(user.email, user.username, link), 'auth.verification_mail');
  deps.log.info({ event: 'auth.verification_sent', userId: user.id }, 'email confirmation link sent');
}

/** "Resend verification email" from settings: throttled per user, refused once confirmed. */
export async function resendVerification(
  deps: MailDeps & Pick<ServiceDeps, 'limits'>,
  _input: NoInput,
  caller: SignedIn,
): Promise<{ message: string }> {
  const { userId } = caller;
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.email_verified_at) throw new AppError('BAD_REQUEST', ALREADY_VERIFIED_MESSAGE);
  await deps.limits.verificationMailsByUser.consume(userId, TOO_MANY_VERIFICATION_MAILS_MESSAGE);
  await sendVerificationMail(deps, user);
  return { message: `We sent a new confirmation link to ${user.email}. It works for 24 hours.` };
}

/**
 * Follows the link: marks the address confirmed. Works once; a link to an address the account no
 * longer has confirms nothing. Claiming the token is one statement, so two uses cannot both win.
 */
export async function verifyAccount(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'limits' | 'sessions'>,
  input: z.infer<typeof emailLinkSchema>,
  caller: Caller<'client'>,
): Promise<{ message: string }> {
  const { client } = caller;
  await deps.limits.linkAttemptsByIp.consume(client.ip);
  const userId = await deps.db.transaction().execute(async (trx) => {
    const now = new Date();
    const link = await trx
      .updateTable('email_verifications')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash(input.token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'email'])
      .executeTakeFirst();
    if (!link) return null;
    const user = await trx
      .updateTable('users')
      .set((eb) => ({ email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)) }))
      .where('id', '=', link.user_id)
      .where(sql<string>`lower(email)`, '=', link.email.toLowerCase())
      .returning('id')
      .executeTakeFirst();
    if (!user) return null;
    // The other links sent to the user are spent too: one confirmation is enough.
    await trx
      .updateTable('email_verifications')
      .set({ used_at: now })
      .where('user_id', '=', link.user_id)
      .where('used_at', 'is', null)
      .execute();
    return user.id;
  });
  if (!userId) {
    deps.log.info({ event: 'auth.verification_refused' }, 'email confirmation refused: invalid, used or expired link');
    throw new AppError('BAD_REQUEST', INVALID_VERIFICATION_LINK_MESSAGE);
  }
  deps.sessions.forgetUser(userId);
  deps.log.info({ event: 'auth.email_verified', userId }, 'email address confirmed');
  return { message: ACCOUNT_VERIFIED_MESSAGE };
}
