import type { AuthResult, signupSchema } from '@coinsight/contracts';
import type { z } from 'zod';
import type { Client } from '../client.js';
import type { ServiceDeps } from '../deps.js';
import { hashPassword, refuseCommonPassword } from './passwords.js';
import { openSession } from './sessions.js';
import { sendVerificationMail } from './verification.js';
import { conflictFrom, newId, PUBLIC_USER_COLUMNS, toPublicUser } from './users.js';

/** Creates the account and signs it in: 409 for a taken email or username. */
export async function signup(
  deps: Pick<ServiceDeps, 'db' | 'limits' | 'log' | 'jwtSecret' | 'mailer' | 'publicUrl' | 'background'>,
  input: z.infer<typeof signupSchema>,
  client: Client,
): Promise<AuthResult> {
  refuseCommonPassword(input.password);
  await deps.limits.signupsByIp.consume(client.ip);
  const passwordHash = await hashPassword(input.password);
  let result: AuthResult;
  try {
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
    throw conflictFrom(error) ?? error;
  }
  // After the answer: a slow mail server must not hold up sign-up.
  const { id, username, email } = result.user;
  deps.background.run('auth.verification_mail', () => sendVerificationMail(deps, { id, username, email }));
  return result;
}
