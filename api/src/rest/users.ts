import { changePasswordSchema, emailLinkSchema, updateProfileSchema } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../plugins/auth.js';
import { revertEmailChange, verifyEmailChange } from '../services/user/email.js';
import { changePassword } from '../services/user/password.js';
import { updateProfile } from '../services/user/profile.js';
import { callerOf, signedInCallerOf } from './client.js';

/** The signed-in user's own account (docs/product.md §7 `/api/users/*`); tRPC's `user` router does the same. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { preHandler: requireUser };

  // `pendingEmail`: the new address waiting for its owner to follow the link mailed to it.
  app.put('/api/users/profile', guarded, async (request) =>
    updateProfile(app.deps, updateProfileSchema.parse(request.body), signedInCallerOf(request)),
  );

  app.put('/api/users/change-password', guarded, async (request) =>
    changePassword(app.deps, changePasswordSchema.parse(request.body), signedInCallerOf(request)),
  );

  // The links of the email-change mails: the token is the proof, so no session is needed.
  app.post('/api/users/verify-email', async (request) =>
    verifyEmailChange(app.deps, emailLinkSchema.parse(request.body), callerOf(request)),
  );

  app.post('/api/users/revert-email', async (request) =>
    revertEmailChange(app.deps, emailLinkSchema.parse(request.body), callerOf(request)),
  );
}
