import type { emailLinkSchema, loginLinkRequestSchema } from '@coinsight/contracts';
import type { AuthResult } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Caller } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { loginLinkMail } from './mails.js';
import { openSession } from './sessions.js';
import { accountKey } from './throttle.js';
import { newLinkToken, tokenHash } from './tokens.js';
import { newId, PUBLIC_USER_COLUMNS, toPublicUser } from './users.js';

export const LOGIN_LINK_SENT_MESSAGE =
  'If an account exists for that email, a sign-in link has been sent. It works once, within 15 minutes.';
export const LOGIN_LINK_UNAVAILABLE_MESSAGE = 'The sign-in link could not be sent right now. Please try again in a few minutes.';
export const INVALID_LOGIN_LINK_MESSAGE = 'This sign-in link is invalid, used or expired. Please request a new one from the sign-in page.';
const LOGIN_LINK_TTL_MS = 15 * 60 * 1000;
const RETRY_AFTER_SECONDS = 60;

/**
 * Mails a one-click sign-in link (OWASP: a victim of guessing must still get in). Offered on a
 * throttled sign-in, but asked for with the address alone, so it answers like forgot-password:
 * the same for every address, after the link is recorded and its mail handed over, 503 if not.
 */
export async function requestLoginLink(
  deps: Pick<ServiceDeps, 'db' | 'mailer' | 'limits' | 'log' | 'publicUrl'>,
  input: z.infer<typeof loginLinkRequestSchema>,
  caller: Caller<'client'>,
): Promise<{ message: string }> {
  const { client } = caller;
  const { db, limits, log } = deps;
  await limits.loginLinkRequestsByIp.consume(client.ip);
  const account = accountKey(input.email);
  const underLimit = await limits.loginLinkMailsByAccount.consume(account).then(
    () => true,
    () => false,
  );
  try {
    const user = await db
      .selectFrom('users')
      .select(['id', 'username', 'email'])
      .where(sql`lower(email)`, '=', input.email.toLowerCase())
      .executeTakeFirst();
    if (user && !underLimit) log.warn({ event: 'auth.login_link_throttled', userId: user.id }, 'sign-in link not sent: too many requests');
    if (user && underLimit) {
      const token = newLinkToken();
      await db
        .insertInto('login_links')
        .values({
          id: newId('lnk'),
          user_id: user.id,
          token_hash: tokenHash(token),
          expires_at: new Date(Date.now() + LOGIN_LINK_TTL_MS),
          used_at: null,
        })
        .execute();
      // Built from PUBLIC_URL, never from the request's Host header.
      const link = `${deps.publicUrl}/sign-in-link?token=${encodeURIComponent(token)}`;
      await deps.mailer.send(loginLinkMail(user.email, user.username, link));
      log.info({ event: 'auth.login_link_sent', userId: user.id, ip: client.ip }, 'sign-in link sent');
    }
  } catch (error) {
    // Nothing went out: the request uses neither the address's requests nor the account's mails.
    await Promise.all([
      limits.loginLinkRequestsByIp.refund(client.ip).catch(() => undefined),
      underLimit ? limits.loginLinkMailsByAccount.refund(account).catch(() => undefined) : undefined,
    ]);
    log.error({ err: error, event: 'auth.login_link_failed' }, 'sign-in link could not be recorded or sent');
    throw new AppError('SERVICE_UNAVAILABLE', LOGIN_LINK_UNAVAILABLE_MESSAGE, { retryAfterSeconds: RETRY_AFTER_SECONDS });
  }
  return { message: LOGIN_LINK_SENT_MESSAGE };
}

/**
 * Signs in with a mailed link: it works once (claiming it is one statement, so two uses cannot
 * both win), for 15 minutes, and spends the user's other open links. Holding the mailbox is the
 * proof, so the guessing counters do not apply; this address's failures on the account are cleared.
 */
export async function signInWithLink(
  deps: Pick<ServiceDeps, 'db' | 'limits' | 'log' | 'jwtSecret'>,
  input: z.infer<typeof emailLinkSchema>,
  caller: Caller<'client'>,
): Promise<AuthResult> {
  const { client } = caller;
  const { db, limits, log } = deps;
  await limits.linkAttemptsByIp.consume(client.ip);
  const result = await db.transaction().execute(async (trx) => {
    const now = new Date();
    const link = await trx
      .updateTable('login_links')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash(input.token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (!link) return null;
    await trx.updateTable('login_links').set({ used_at: now }).where('user_id', '=', link.user_id).where('used_at', 'is', null).execute();
    const user = await trx
      .selectFrom('users')
      .select([...PUBLIC_USER_COLUMNS, 'users.token_version'])
      .where('id', '=', link.user_id)
      .executeTakeFirstOrThrow();
    const token = await openSession(trx, deps.jwtSecret, user, client);
    return { token, user: toPublicUser(user) };
  });
  if (!result) {
    log.info({ event: 'auth.login_link_refused', ip: client.ip }, 'sign-in link refused: invalid, used or expired');
    throw new AppError('BAD_REQUEST', INVALID_LOGIN_LINK_MESSAGE);
  }
  await limits.loginFailuresByAccountAndIp.reset(`${accountKey(result.user.email)}:${client.ip}`).catch(() => undefined);
  log.info({ event: 'auth.login', userId: result.user.id, ip: client.ip, method: 'link' }, 'signed in with a mailed link');
  return result;
}
