import { TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { clientOf } from '../rest/client.js';
import { authenticateRequest, type Authenticated } from '../services/auth/authenticate.js';
import type { Caller } from '../services/caller.js';
import type { ServiceDeps } from '../services/deps.js';
import { toTRPCError } from './errors.js';
// Brings in the Fastify declarations (app.deps) for packages that type-check this file alone (web).
import type {} from '../fastify-types.js';

export interface Context {
  /** The services' dependencies, built once at start (plugins/services.ts). */
  deps: ServiceDeps;
  /** Who is calling: address and user agent always, the user and session when signed in (services' third argument). */
  caller: Caller<'client'>;
  /** The signed-in user and session, or null for an anonymous caller. */
  auth: Authenticated | null;
}

/**
 * Calls that check a password or a token, or create an account: each is throttled per request,
 * so a batch would let one request spend many attempts' worth of work before any is counted.
 */
export const UNBATCHABLE_PROCEDURES: ReadonlySet<string> = new Set([
  'auth.login',
  'auth.signup',
  'auth.forgotPassword',
  'auth.resetPassword',
  'user.changePassword',
  'user.updateProfile',
  'user.verifyEmail',
  'user.revertEmailChange',
  'auth.verifyAccount',
  'auth.requestLoginLink',
  'auth.signInWithLink',
  'user.resendVerification',
  'auth.completeTwoFactor',
  'user.startTwoFactor',
  'user.confirmTwoFactor',
  'user.disableTwoFactor',
]);

export const UNBATCHABLE_MESSAGE = 'Sign-in, sign-up, password and email calls cannot be batched: send each in a request of its own.';

export async function createContext({ req, info }: CreateFastifyContextOptions): Promise<Context> {
  // A batch of one is what the web client's batch link sends for a lone call.
  if (info.calls.length > 1 && info.calls.some((call) => UNBATCHABLE_PROCEDURES.has(call.path))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: UNBATCHABLE_MESSAGE });
  }
  const app = req.server;
  let auth: Authenticated | null;
  try {
    auth = await authenticateRequest(app.deps, req.headers.authorization, req.log);
  } catch (error) {
    // Runs before any procedure middleware: a database outage here must read as one too.
    throw toTRPCError(error) ?? error;
  }
  const client = clientOf(req);
  return {
    deps: app.deps,
    caller: auth ? { client, userId: auth.user.id, user: auth.user, sessionId: auth.session.id } : { client },
    auth,
  };
}
