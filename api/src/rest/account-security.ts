import {
  sessionIdSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorSetupSchema,
  twoFactorSignInSchema,
} from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../plugins/auth.js';
import { listSessions, revokeOtherSessions, revokeSession } from '../services/auth/session-list.js';
import { completeTwoFactorSignIn } from '../services/auth/two-factor/challenge.js';
import { confirmTwoFactor, disableTwoFactor, startTwoFactor, twoFactorStatus } from '../services/auth/two-factor/enrolment.js';
import { callerOf, signedInCallerOf } from './client.js';

/** Two-factor sign-in and the account's sessions (docs/accounts.md); tRPC's `auth` and `user` routers do the same. */
export async function accountSecurityRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { preHandler: requireUser };

  // Sign-in's second step: the challenge a password or link sign-in answered, and a code.
  app.post('/api/auth/two-factor', async (request) =>
    completeTwoFactorSignIn(app.deps, twoFactorSignInSchema.parse(request.body), callerOf(request)),
  );

  app.get('/api/users/two-factor', guarded, async (request) => twoFactorStatus(app.deps, {}, signedInCallerOf(request)));

  app.post('/api/users/two-factor/setup', guarded, async (request) =>
    startTwoFactor(app.deps, twoFactorSetupSchema.parse(request.body), signedInCallerOf(request)),
  );

  app.post('/api/users/two-factor/confirm', guarded, async (request) =>
    confirmTwoFactor(app.deps, twoFactorConfirmSchema.parse(request.body), signedInCallerOf(request)),
  );

  app.post('/api/users/two-factor/disable', guarded, async (request) =>
    disableTwoFactor(app.deps, twoFactorDisableSchema.parse(request.body), signedInCallerOf(request)),
  );

  app.get('/api/users/sessions', guarded, async (request) => listSessions(app.deps, {}, signedInCallerOf(request)));

  app.delete('/api/users/sessions/:id', guarded, async (request, reply) => {
    await revokeSession(app.deps, sessionIdSchema.parse(request.params), signedInCallerOf(request));
    return reply.code(204).send();
  });

  app.post('/api/users/sessions/revoke-others', guarded, async (request) => revokeOtherSessions(app.deps, {}, signedInCallerOf(request)));
}
