import type { emailLinkSchema } from '@coinsight/contracts';
import type { Db } from '@coinsight/db';
import type { z } from 'zod';
import { emailChangeRequestedMail, verifyEmailMail } from '../auth/mails.js';
import { followLink, newOneTimeLink } from '../auth/one-time-link.js';
import { revokeSessions } from '../auth/sessions.js';
import { tokenHash } from '../auth/tokens.js';
import { conflictFrom, newId } from '../auth/users.js';
import type { Caller, NoInput, SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { sendMail } from '../mail/send.js';

export const INVALID_EMAIL_LINK_MESSAGE = 'This link is invalid or has expired.';
export const EMAIL_CHANGED_MESSAGE = 'Your email address has been changed.';
export const EMAIL_CHANGE_REVERTED_MESSAGE =
  'The email change was cancelled and every session of your account was signed out. Reset your password now: whoever asked for the change knew it.';

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
// Longer than the verify link: an owner who reads their mail days later can still undo a change.
const REVERT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Starts a change of address (the caller has checked the current password): the new address
 * gets a link that makes it the account's, the old one a link that undoes it (both made by
 * auth/one-time-link.ts; one row holds the pair). A newer request voids the verify links of
 * older ones; their revert links keep working.
 */
export async function requestEmailChange(
  deps: Pick<ServiceDeps, 'db' | 'mailer' | 'log' | 'publicUrl' | 'now'>,
  user: { id: string; username: string; email: string },
  newEmail: string,
): Promise<void> {
  const verify = newOneTimeLink(deps, { path: '/verify-email', ttlMs: VERIFY_TTL_MS });
  const revert = newOneTimeLink(deps, { path: '/revert-email', ttlMs: REVERT_TTL_MS });
  await deps.db.transaction().execute(async (trx) => {
    await voidOpenChanges(trx, user.id);
    await trx
      .insertInto('email_changes')
      .values({
        id: newId('emc'),
        user_id: user.id,
        old_email: user.email,
        new_email: newEmail,
        verify_token_hash: verify.tokenHash,
        revert_token_hash: revert.tokenHash,
        expires_at: verify.expiresAt,
        revert_expires_at: revert.expiresAt,
        verified_at: null,
        voided_at: null,
        reverted_at: null,
      })
      .execute();
  });
  await sendMail(deps, {
    message: verifyEmailMail(newEmail, user.username, verify.url),
    when: 'after-answer',
    event: 'auth.email_verify_mail',
  });
  await sendMail(deps, {
    message: emailChangeRequestedMail(user.email, user.username, newEmail, revert.url),
    when: 'after-answer',
    event: 'auth.email_change_notice',
  });
  deps.log.info({ event: 'auth.email_change_requested', userId: user.id }, 'email change requested');
}

/** The address waiting for confirmation, if any. */
export async function pendingEmail(deps: Pick<ServiceDeps, 'db'>, _input: NoInput, caller: SignedIn): Promise<string | null> {
  const row = await openChanges(deps.db, caller.userId).select('new_email').orderBy('created_at', 'desc').executeTakeFirst();
  return row?.new_email ?? null;
}

/** Follows the link mailed to the new address: from now on it is the account's address. */
export async function verifyEmailChange(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'limits' | 'sessions'>,
  input: z.infer<typeof emailLinkSchema>,
  caller: Caller<'client'>,
): Promise<{ message: string; email: string }> {
  try {
    const changed = await followLink(
      deps,
      {
        refusal: {
          event: 'auth.email_verify_refused',
          log: 'email verification refused: invalid, used or expired link',
          message: INVALID_EMAIL_LINK_MESSAGE,
        },
        use: async (trx, now) => {
          const change = await trx
            .updateTable('email_changes')
            .set({ verified_at: now })
            .where('verify_token_hash', '=', tokenHash(input.token))
            .where('verified_at', 'is', null)
            .where('voided_at', 'is', null)
            .where('reverted_at', 'is', null)
            .where('expires_at', '>', now)
            .returning(['user_id', 'new_email'])
            .executeTakeFirst();
          if (!change) return null;
          // Following the link proved the new address is the owner's.
          await trx
            .updateTable('users')
            .set({ email: change.new_email, email_verified_at: now, updated_at: now })
            .where('id', '=', change.user_id)
            .execute();
          return change;
        },
        changed: (change) => change.user_id,
      },
      caller,
    );
    deps.log.info({ event: 'auth.email_changed', userId: changed.user_id }, 'email address changed');
    return { message: EMAIL_CHANGED_MESSAGE, email: changed.new_email };
  } catch (error) {
    // The address was taken by another account since the request.
    throw conflictFrom(error) ?? error;
  }
}

/**
 * "This wasn't me", from the mail to the old address: voids pending changes, puts the old address
 * back if the change went through, and ends every session (a stolen token stops working).
 */
export async function revertEmailChange(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'limits' | 'sessions'>,
  input: z.infer<typeof emailLinkSchema>,
  caller: Caller<'client'>,
): Promise<{ message: string }> {
  try {
    const userId = await followLink(
      deps,
      {
        refusal: {
          event: 'auth.email_revert_refused',
          log: 'email change revert refused: invalid, used or expired link',
          message: INVALID_EMAIL_LINK_MESSAGE,
        },
        use: async (trx, now) => {
          const change = await trx
            .updateTable('email_changes')
            .set({ reverted_at: now })
            .where('revert_token_hash', '=', tokenHash(input.token))
            .where('reverted_at', 'is', null)
            .where('revert_expires_at', '>', now)
            .returning(['user_id', 'old_email', 'new_email', 'verified_at'])
            .executeTakeFirst();
          if (!change) return null;
          await voidOpenChanges(trx, change.user_id);
          // Only if the account still has the address this change gave it: a later change by the owner stays.
          if (change.verified_at) {
            await trx
              .updateTable('users')
              // The revert link went to the old address: following it proves that address is the owner's.
              .set({ email: change.old_email, email_verified_at: now })
              .where('id', '=', change.user_id)
              .where('email', '=', change.new_email)
              .execute();
          }
          await revokeSessions(trx, change.user_id, now);
          await trx
            .updateTable('users')
            .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: now }))
            .where('id', '=', change.user_id)
            .execute();
          return change.user_id;
        },
        changed: (id) => id,
      },
      caller,
    );
    deps.log.warn({ event: 'auth.email_change_reverted', userId }, 'email change reported and undone; every session ended');
    return { message: EMAIL_CHANGE_REVERTED_MESSAGE };
  } catch (error) {
    throw conflictFrom(error) ?? error;
  }
}

function openChanges(db: Db, userId: string) {
  return db
    .selectFrom('email_changes')
    .where('user_id', '=', userId)
    .where('verified_at', 'is', null)
    .where('voided_at', 'is', null)
    .where('reverted_at', 'is', null)
    .where('expires_at', '>', new Date());
}

async function voidOpenChanges(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('email_changes')
    .set({ voided_at: new Date() })
    .where('user_id', '=', userId)
    .where('verified_at', 'is', null)
    .where('voided_at', 'is', null)
    .where('reverted_at', 'is', null)
    .execute();
}
