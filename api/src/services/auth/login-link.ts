import type { emailLinkSchema, loginLinkRequestSchema } from '@coinsight/contracts';
import { needsSecondFactor, type SignInResult } from '@coinsight/contracts';
import type { z } from 'zod';
import type { Caller } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { loginLinkMail } from './mails.js';
import { openSession } from './sessions.js';
import { followLink, mailOneTimeLink, useLink, type MailLinkDeps, type OneTimeLink } from './one-time-link.js';
import { accountKey, type AuthLimits } from './throttle.js';
import { PUBLIC_USER_COLUMNS, toPublicUser } from './users.js';
import { issueChallenge } from './two-factor/challenge.js';
import { hasTwoFactor } from './two-factor/enrolment.js';

export const LOGIN_LINK_SENT_MESSAGE =
  'If an account exists for that email, a sign-in link has been sent. It works once, within 15 minutes.';
export const LOGIN_LINK_UNAVAILABLE_MESSAGE = 'The sign-in link could not be sent right now. Please try again in a few minutes.';
export const INVALID_LOGIN_LINK_MESSAGE = 'This sign-in link is invalid, used or expired. Please request a new one from the sign-in page.';
const LOGIN_LINK_TTL_MS = 15 * 60 * 1000;

/** The sign-in link: 15 minutes, at /sign-in-link, within the sign-in link limits. */
const signInLink = (limits: AuthLimits): OneTimeLink => ({
  store: { table: 'login_links', idPrefix: 'lnk', ttlMs: LOGIN_LINK_TTL_MS },
  page: { path: '/sign-in-link', mail: loginLinkMail },
  limits: { requestsByIp: limits.loginLinkRequestsByIp, mailsByAccount: limits.loginLinkMailsByAccount },
  events: { sent: 'auth.login_link_sent', throttled: 'auth.login_link_throttled', failed: 'auth.login_link_failed' },
  messages: { sent: LOGIN_LINK_SENT_MESSAGE, unavailable: LOGIN_LINK_UNAVAILABLE_MESSAGE },
});

/**
 * Mails a one-click sign-in link (OWASP: a victim of guessing must still get in). Offered on a
 * throttled sign-in, but asked for with the address alone, so it answers like forgot-password
 * (the same helper, auth/one-time-link.ts): the same for every address, in the same time; the
 * link is recorded and mailed after the answer.
 */
export async function requestLoginLink(
  deps: MailLinkDeps,
  input: z.infer<typeof loginLinkRequestSchema>,
  caller: Caller<'client'>,
): Promise<{ message: string }> {
  return mailOneTimeLink(deps, { email: input.email, link: signInLink(deps.limits) }, caller);
}

/**
 * Signs in with a mailed link: it works once (claiming it is one statement, so two uses cannot
 * both win), for 15 minutes, and spends the user's other open links. Holding the mailbox is the
 * proof, so the guessing counters do not apply; this address's failures on the account are cleared.
 * An account with two-factor sign-in on gets a challenge for its code instead of a session.
 */
export async function signInWithLink(
  deps: Pick<ServiceDeps, 'db' | 'limits' | 'log' | 'jwtSecret' | 'sessions' | 'now'>,
  input: z.infer<typeof emailLinkSchema>,
  caller: Caller<'client'>,
): Promise<SignInResult> {
  const { ip } = caller.client;
  const result = await followLink(
    deps,
    {
      refusal: {
        event: 'auth.login_link_refused',
        details: { ip },
        log: 'sign-in link refused: invalid, used or expired',
        message: INVALID_LOGIN_LINK_MESSAGE,
      },
      use: async (trx, now): Promise<SignInResult | null> => {
        const link = await useLink(trx, 'login_links', input.token, now);
        if (!link) return null;
        if (await hasTwoFactor(trx, link.user_id)) return issueChallenge(trx, { userId: link.user_id, method: 'link', now: deps.now() });
        const user = await trx
          .selectFrom('users')
          .select([...PUBLIC_USER_COLUMNS, 'users.token_version'])
          .where('id', '=', link.user_id)
          .executeTakeFirstOrThrow();
        const token = await openSession(trx, deps.jwtSecret, user, caller.client);
        return { token, user: toPublicUser(user) };
      },
    },
    caller,
  );
  if (needsSecondFactor(result)) {
    deps.log.info({ event: 'auth.login_second_factor', ip, method: 'link' }, 'sign-in link right, a code asked for');
    return result;
  }
  await deps.limits.loginFailuresByAccountAndIp.reset(`${accountKey(result.user.email)}:${ip}`).catch(() => undefined);
  deps.log.info({ event: 'auth.login', userId: result.user.id, ip, method: 'link' }, 'signed in with a mailed link');
  return result;
}
