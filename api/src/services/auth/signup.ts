import type { AuthResult, signupSchema } from '@coinsight/contracts';
import type { z } from 'zod';
import type { Caller } from '../caller.js';
import type { Client } from '../client.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { TOO_MANY_REQUESTS_MESSAGE, type RateLimit } from '../rate-limit.js';
import { hashPassword, refuseCommonPassword } from './passwords.js';
import { openSession } from './sessions.js';
import { SIGNUPS_BUSY_MESSAGE, signupKeys } from './throttle.js';
import { sendVerificationMail } from './verification.js';
import { conflictFrom, newId, PUBLIC_USER_COLUMNS, toPublicUser } from './users.js';

/** Creates the account and signs it in: 409 for a taken email or username, 429 past the sign-up limits. */
export async function signup(
  deps: Pick<ServiceDeps, 'db' | 'limits' | 'log' | 'jwtSecret' | 'mailer' | 'publicUrl' | 'now' | 'background'>,
  input: z.infer<typeof signupSchema>,
  caller: Caller<'client'>,
): Promise<AuthResult> {
  const { client } = caller;
  refuseCommonPassword(input.password, 'password');
  const giveBack = await countSignup(deps, client);
  let result: AuthResult;
  try {
    const passwordHash = await hashPassword(input.password);
    result = await deps.db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          id: newId('usr'),
          username: input.username,
          email: input.email,
          password_hash: passwordHash,
          avatar: null,
          social_accounts: {},
        })
        .returning([...PUBLIC_USER_COLUMNS, 'users.token_version'])
        .executeTakeFirstOrThrow();
      const token = await openSession(trx, deps.jwtSecret, user, client);
      deps.log.info({ event: 'auth.signup', userId: user.id }, 'account created');
      return { token, user: toPublicUser(user) };
    });
  } catch (error) {
    const conflict = conflictFrom(error);
    // A taken email or username is an attempt like any other (probing counts); a failure on our
    // side (database down…) is not, or an outage would use up everyone's sign-ups.
    if (conflict) throw conflict;
    await giveBack();
    throw error;
  }
  // After the answer: a slow mail server must not hold up sign-up.
  const { id, username, email } = result.user;
  deps.background.run('auth.verification_mail', () => sendVerificationMail(deps, { id, username, email }));
  return result;
}

/**
 * Counts a sign-up per address, per network and for the whole service, in that order, before any
 * work: a refused one gives back what it counted, so one address past its limit costs nobody
 * else's network or the global rate anything. Answers how to give the counts back.
 */
async function countSignup(deps: Pick<ServiceDeps, 'limits' | 'log'>, client: Client): Promise<() => Promise<void>> {
  const { limits, log } = deps;
  const { address, network } = signupKeys(client.ip);
  const counted: Array<{ limit: RateLimit; key: string }> = [];
  const giveBack = async () => {
    await Promise.all(counted.splice(0).map((c) => c.limit.refund(c.key).catch(() => undefined)));
  };
  const steps = [
    { limit: limits.signupsByIp, key: address, name: 'address' },
    { limit: limits.signupsByNetwork, key: network, name: 'network' },
    { limit: limits.signupsGlobal, key: 'all', name: 'global' },
  ];
  try {
    for (const { limit, key, name } of steps) {
      const state = await limit.hit(key);
      // A refused global hit stays counted: its count tells the first refusal of a window from the
      // rest, and a window that is over its rate loses nothing by it.
      if (name !== 'global' || state.allowed) counted.push({ limit, key });
      if (name === 'global' && state.consumed === state.limit + 1) {
        // One line per window (the first sign-up past the rate), whatever the flood's size.
        log.warn(
          { event: 'auth.signup_rate_exceeded', limit: state.limit, windowSeconds: 60 },
          `sign-ups exceeded ${state.limit} a minute: new sign-ups get 429 for the rest of the minute`,
        );
      }
      if (!state.allowed) {
        await giveBack();
        log.info({ event: 'auth.signup_throttled', ip: client.ip, limit: name }, 'sign-up refused: too many sign-ups');
        throw new AppError('TOO_MANY_REQUESTS', name === 'global' ? SIGNUPS_BUSY_MESSAGE : TOO_MANY_REQUESTS_MESSAGE, {
          retryAfterSeconds: state.resetSeconds,
        });
      }
    }
  } catch (error) {
    await giveBack();
    throw error;
  }
  return giveBack;
}
