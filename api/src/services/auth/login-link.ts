import type { emailLinkSchema, loginLinkRequestSchema } from '@coinsight/contracts';
import type { AuthResult } from '@coinsight/contracts';
import type { z } from 'zod';
import type { Caller } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { loginLinkMail } from './mails.js';
import { openSession } from './sessions.js';
import { claimLink, mailOneTimeLink, refuseLink, spendOpenLinks, type OneTimeLink } from './one-time-link.js';
import { accountKey, type AuthLimits } from './throttle.js';
import { PUBLIC_USER_COLUMNS, toPublicUser } from './users.js';

export const LOGIN_LINK_SENT_MESSAGE =
  'If an account exists for that email, a sign-in link has been sent. It works once, within 15 minutes.';
export const LOGIN_LINK_UNAVAILABLE_MESSAGE = 'The sign-in link could not be sent right now. Please try again in a few minutes.';
export const INVALID_LOGIN_LINK_MESSAGE = 'This sign-in link is invalid, used or expired. Please request a new one from the sign-in page.';
const LOGIN_LINK_TTL_MS = 15 * 60 * 1000;

/** The sign-in link: 15 minutes, at /sign-in-link, within the sign-in link limits. */
const signInLink = (limits: AuthLimits): OneTimeLink => ({
  table: 'login_links',
  idPrefix: 'lnk',
  ttlMs: LOGIN_LINK_TTL_MS,
  path: '/sign-in-link',
  mail: loginLinkMail,
  requestsByIp: limits.loginLinkRequestsByIp,
  mailsByAccount: limits.loginLinkMailsByAccount,
  events: { sent: 'auth.login_link_sent', throttled: 'auth.login_link_throttled', failed: 'auth.login_link_failed' },
  unavailableMessage: LOGIN_LINK_UNAVAILABLE_MESSAGE,
});

/**
 * Mails a one-click sign-in link (OWASP: a victim of guessing must still get in). Offered on a
 * throttled sign-in, but asked for with the address alone, so it answers like forgot-password
 * (the same helper, auth/one-time-link.ts): the same for every address, after the link is
 * recorded and its mail handed over, 503 if not.
 */
export async function requestLoginLink(
  deps: Pick<ServiceDeps, 'db' | 'mailer' | 'limits' | 'log' | 'publicUrl' | 'now'>,
  input: z.infer<typeof loginLinkRequestSchema>,
  caller: Caller<'client'>,
): Promise<{ message: string }> {
  await mailOneTimeLink(deps, { email: input.email, link: signInLink(deps.limits) }, caller);
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
    const link = await claimLink(trx, 'login_links', input.token, now);
    if (!link) return null;
    await spendOpenLinks(trx, 'login_links', link.user_id, now);
    const user = await trx
      .selectFrom('users')
      .select([...PUBLIC_USER_COLUMNS, 'users.token_version'])
      .where('id', '=', link.user_id)
      .executeTakeFirstOrThrow();
    const token = await openSession(trx, deps.jwtSecret, user, client);
    return { token, user: toPublicUser(user) };
  });
  if (!result) {
    refuseLink(deps, {
      event: 'auth.login_link_refused',
      details: { ip: client.ip },
      log: 'sign-in link refused: invalid, used or expired',
      message: INVALID_LOGIN_LINK_MESSAGE,
    });
  }
  await limits.loginFailuresByAccountAndIp.reset(`${accountKey(result.user.email)}:${client.ip}`).catch(() => undefined);
  log.info({ event: 'auth.login', userId: result.user.id, ip: client.ip, method: 'link' }, 'signed in with a mailed link');
  return result;
}
