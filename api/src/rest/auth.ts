import type { FastifyInstance } from 'fastify';
import { requireUser, signedIn } from '../plugins/accounts.js';
import { clientOf } from './client.js';

/** The account paths of spec §7, answering `{ token, user }` where the spec reads them. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { preHandler: requireUser };

  app.get('/api/auth/user', guarded, async (request) => signedIn(request).user);

  app.post('/api/auth/signup', async (request, reply) => reply.code(201).send(await app.accounts.signup(request.body, clientOf(request))));

  app.post('/api/auth/login', async (request) => app.accounts.login(request.body, clientOf(request)));

  app.post('/api/auth/logout', guarded, async (request, reply) => {
    await app.accounts.logout(signedIn(request).session.id);
    return reply.code(204).send();
  });

  app.post('/api/auth/forgot-password', async (request) => app.accounts.forgotPassword(request.body, clientOf(request)));

  app.post('/api/auth/reset-password', async (request) => app.accounts.resetPassword(request.body));

  app.put('/api/users/profile', guarded, async (request) => ({
    message: 'Profile updated successfully.',
    user: await app.accounts.updateProfile(signedIn(request).user.id, request.body),
  }));

  app.put('/api/users/change-password', guarded, async (request) =>
    app.accounts.changePassword(signedIn(request).user.id, request.body, clientOf(request)),
  );
}
