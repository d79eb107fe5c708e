import type { emailLinkSchema } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Caller, NoInput, SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { sendMail } from '../mail/send.js';
import { confirmAccountMail } from './mails.js';
import { claimLink, followLink, newOneTimeLink, spendOpenLinks } from './one-time-link.js';
import { newId } from './users.js';

export const ACCOUNT_VERIFIED_MESSAGE = 'Your email address is confirmed. You can now create API keys.';
export const INVALID_VERIFICATION_LINK_MESSAGE = 'This confirmation link is invalid, used or expired. Request a new one from Settings.';
export const ALREADY_VERIFIED_MESSAGE = 'Your email address is already confirmed.';
export const TOO_MANY_VERIFICATION_MAILS_MESSAGE = 'Too many confirmation emails requested. Please wait and try again.';
const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;

type MailDeps = Pick<ServiceDeps, 'db' | 'mailer' | 'log' | 'publicUrl' | 'now'>;

/**
 * Mails a single-use link (auth/one-time-link.ts) that confirms the account's current address
 * (sign-up, resend), after the answer.
 */
export async function sendVerificationMail(deps: MailDeps, user: { id: string; username: string; email: string }): Promise<void> {
  const link = newOneTimeLink(deps, { path: '/confirm-email', ttlMs: VERIFY_TTL_MS });
  await deps.db
    .insertInto('email_verifications')
    .values({
      id: newId('emv'),
      user_id: user.id,
      email: user.email,
      token_hash: link.tokenHash,
      expires_at: link.expiresAt,
      used_at: null,
    })
    .execute();
  await sendMail(deps, {
    message: confirmAccountMail(user.email, user.username, link.url),
    when: 'after-answer',
    event: 'auth.verification_mail',
  });
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
  const userId = await followLink(
    deps,
    {
      refusal: {
        event: 'auth.verification_refused',
        log: 'email confirmation refused: invalid, used or expired link',
        message: INVALID_VERIFICATION_LINK_MESSAGE,
      },
      use: async (trx, now) => {
        const link = await claimLink(trx, 'email_verifications', input.token, now);
        if (!link) return null;
        // The address the link went to: it confirms that address only.
        const sentTo = await trx.selectFrom('email_verifications').select('email').where('id', '=', link.id).executeTakeFirstOrThrow();
        const user = await trx
          .updateTable('users')
          .set((eb) => ({ email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)) }))
          .where('id', '=', link.user_id)
          .where(sql<string>`lower(email)`, '=', sentTo.email.toLowerCase())
          .returning('id')
          .executeTakeFirst();
        if (!user) return null;
        await spendOpenLinks(trx, 'email_verifications', link.user_id, now);
        return user.id;
      },
      changed: (id) => id,
    },
    caller,
  );
  deps.log.info({ event: 'auth.email_verified', userId }, 'email address confirmed');
  return { message: ACCOUNT_VERIFIED_MESSAGE };
}
