import {
  emailLinkSchema,
  forgotPasswordSchema,
  loginLinkRequestSchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
} from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser, signedIn } from '../plugins/auth.js';
import { requestLoginLink, signInWithLink } from '../services/auth/login-link.js';
import { login } from '../services/auth/login.js';
import { forgotPassword, resetPassword } from '../services/auth/password-reset.js';
import { logout } from '../services/auth/sessions.js';
import { signup } from '../services/auth/signup.js';
import { callerOf, signedInCallerOf } from './client.js';

/**
 * The account paths of docs/product.md §7, answering `{ token, user }` where the spec reads them. A bad
 * body throws a ZodError: the central error handler answers 400 with its first message.
 */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { preHandler: requireUser };

  app.get('/api/auth/user', guarded, async (request) => signedIn(request).user);

  app.post('/api/auth/signup', async (request, reply) =>
    reply.code(201).send(await signup(app.deps, signupSchema.parse(request.body), callerOf(request))),
  );

  app.post('/api/auth/login', async (request) => login(app.deps, loginSchema.parse(request.body), callerOf(request)));

  // The one-click sign-in link offered on a throttled sign-in (docs/accounts.md).
  app.post('/api/auth/sign-in-link', async (request) =>
    requestLoginLink(app.deps, loginLinkRequestSchema.parse(request.body), callerOf(request)),
  );

  app.post('/api/auth/sign-in-with-link', async (request) =>
    signInWithLink(app.deps, emailLinkSchema.parse(request.body), callerOf(request)),
  );

  app.post('/api/auth/logout', guarded, async (request, reply) => {
    await logout(app.deps, {}, signedInCallerOf(request));
    return reply.code(204).send();
  });

  app.post('/api/auth/forgot-password', async (request) =>
    forgotPassword(app.deps, forgotPasswordSchema.parse(request.body), callerOf(request)),
  );

  app.post('/api/auth/reset-password', async (request) =>
    resetPassword(app.deps, resetPasswordSchema.parse(request.body), callerOf(request)),
  );
}
