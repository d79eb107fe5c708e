import { needsSecondFactor, type loginSchema, type SignInResult } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Caller } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { openSession } from './sessions.js';
import type { RateLimit } from '../rate-limit.js';
import { accountKey, TOO_MANY_LOGINS_MESSAGE } from './throttle.js';
import { PUBLIC_USER_COLUMNS, toPublicUser } from './users.js';
import { issueChallenge } from './two-factor/challenge.js';
import { hasTwoFactor } from './two-factor/enrolment.js';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

/**
 * A wrong password and an unknown email get the same answer, in about the same time.
 *
 * Attempts are counted before the password is checked: concurrent guesses cannot all pass a check
 * made before any of them is counted. Only a definite wrong password keeps its counts; a success,
 * a refusal, or a failure on our side (database, Redis, anything thrown) gives them back, so an
 * outage never turns into a lockout once it is over.
 *
 * An account with two-factor sign-in on gets, for a right password, a challenge instead of a
 * session (two-factor/challenge.ts); accounts without it get `{ token, user }` as before.
 */
export async function login(
  deps: Pick<ServiceDeps, 'db' | 'limits' | 'log' | 'jwtSecret' | 'now'>,
  input: z.infer<typeof loginSchema>,
  caller: Caller<'client'>,
): Promise<SignInResult> {
  const { client } = caller;
  const { db, limits, log } = deps;
  const account = accountKey(input.email);
  const accountAndIp = `${account}:${client.ip}`;
  const counted: Array<{ limit: RateLimit; key: string }> = [];
  const giveBack = () => Promise.all(counted.splice(0).map((c) => c.limit.refund(c.key).catch(() => undefined)));
  const refuse = async (name: string, retryAfterSeconds: number): Promise<never> => {
    // The refused attempt checks nothing, so it costs the counters nothing.
    await giveBack();
    log.warn({ event: 'auth.login_throttled', ip: client.ip, limit: name }, 'sign-in refused: too many failed attempts');
    throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_LOGINS_MESSAGE, { retryAfterSeconds });
  };

  let wrongPassword = false;
  try {
    const byIp = await limits.loginFailuresByIp.hit(client.ip);
    counted.push({ limit: limits.loginFailuresByIp, key: client.ip });
    if (!byIp.allowed) return await refuse('address', byIp.resetSeconds);
    const here = await limits.loginFailuresByAccountAndIp.hit(accountAndIp);
    counted.push({ limit: limits.loginFailuresByAccountAndIp, key: accountAndIp });
    if (!here.allowed) return await refuse('account-and-address', here.resetSeconds);
    // Attempts of this account from this address before this one (failed, or still in flight).
    const failedHere = here.consumed > 1;
    const byAccount = await limits.loginFailuresByAccount.hit(account);
    counted.push({ limit: limits.loginFailuresByAccount, key: account });
    // Told once per window, by the attempt that reaches the bound, not once per request after it.
    if (byAccount.consumed === byAccount.limit)
      log.warn({ event: 'auth.account_guessed', ip: client.ip }, 'failed sign-ins on one account reached the per-account bound');
    // Past the bound only addresses that have guessed on this account are refused: the owner,
    // signing in from where they have not failed, gets their password checked.
    if (!byAccount.allowed && failedHere) return await refuse('account', byAccount.resetSeconds);

    const user = await db
      .selectFrom('users')
      .select([...PUBLIC_USER_COLUMNS, 'users.password_hash', 'users.token_version'])
      .where(sql`lower(email)`, '=', input.email.toLowerCase())
      .executeTakeFirst();
    const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password);
    if (!user || !valid) {
      wrongPassword = true;
      log.info({ event: 'auth.login_failed', userId: user?.id ?? null, ip: client.ip }, 'sign-in refused');
      throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS_MESSAGE);
    }
    if (needsRehash(user.password_hash)) {
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(input.password) })
        .where('id', '=', user.id)
        .execute();
    }
    const answer: SignInResult = (await hasTwoFactor(db, user.id))
      ? await issueChallenge(db, { userId: user.id, method: 'password', now: deps.now() })
      : { token: await openSession(db, deps.jwtSecret, user, client), user: toPublicUser(user) };
    // A right password gives its attempt back and clears this address's failures on the account.
    await giveBack();
    await limits.loginFailuresByAccountAndIp.reset(accountAndIp).catch(() => undefined);
    if (needsSecondFactor(answer))
      log.info({ event: 'auth.login_second_factor', userId: user.id, ip: client.ip }, 'password right, a code asked for');
    else log.info({ event: 'auth.login', userId: user.id, ip: client.ip }, 'signed in');
    return answer;
  } catch (error) {
    if (!wrongPassword) await giveBack();
    throw error;
  }
}
