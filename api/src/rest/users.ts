import { changePasswordSchema, updateProfileSchema } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser, signedIn } from '../plugins/auth.js';
import { changePassword } from '../services/user/password.js';
import { updateProfile } from '../services/user/profile.js';
import { clientOf } from './client.js';

/** The signed-in user's own account (spec §7 `/api/users/*`); tRPC's `user` router does the same. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { preHandler: requireUser };

  app.put('/api/users/profile', guarded, async (request) => ({
    message: 'Profile updated successfully.',
    user: await updateProfile(app.deps, updateProfileSchema.parse(request.body), signedIn(request).user.id),
  }));

  app.put('/api/users/change-password', guarded, async (request) =>
    changePassword(app.deps, changePasswordSchema.parse(request.body), signedIn(request).user.id, clientOf(request)),
  );
}
