import { findControlCharacter, type TrpcErrorDetails } from '@coinsight/contracts';
import { initTRPC, TRPCError } from '@trpc/server';
import { z, ZodError } from 'zod';
import { INTERNAL_ERROR_MESSAGE, paramOf } from '../plugins/errors.js';
import type { Caller } from '../services/caller.js';
import { AppError } from '../services/errors.js';
import type { Context } from './context.js';
import { toTRPCError } from './errors.js';

const t = initTRPC.context<Context>().create({
  sse: {
    // A comment line now and then keeps proxies from closing a quiet stream (ticks may be minutes
    // apart); a client that hears nothing, not even pings, for the longer span reconnects.
    ping: { enabled: true, intervalMs: 15_000 },
    client: { reconnectAfterInactivityMs: 45_000 },
  },
  errorFormatter({ shape, error }) {
    // An AppError's message is written for the client, a 503's included; any other 5xx is hidden.
    const serverError = shape.data.httpStatus >= 500 && !(error.cause instanceof AppError);
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    const details: TrpcErrorDetails = {
      retryAfterSeconds: error.cause instanceof AppError ? (error.cause.options.retryAfterSeconds ?? null) : null,
      // The field at fault, as REST's and /v1's `param`: what a form places the message by (never
      // for a hidden 5xx, e.g. an output that failed its schema).
      param: serverError ? null : (paramOf(error.cause) ?? null),
      zodError: zodError ? z.flattenError(zodError) : null,
    };
    return {
      ...shape,
      // Same rules as REST: a 5xx says nothing of its cause; bad input reads as its first problem.
      message: serverError ? INTERNAL_ERROR_MESSAGE : (zodError?.issues[0]?.message ?? shape.message),
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, ...details },
    };
  },
});

/**
 * docs/security.md §12, as plugins/input.ts does for REST and /v1: a control character anywhere in the
 * procedure's raw input, whatever its schema, is a BAD_REQUEST whose zodError names the field.
 */
async function refuseControlCharacters(getRawInput: () => Promise<unknown>): Promise<void> {
  const problem = findControlCharacter(await getRawInput());
  if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem.issues[0]?.message, cause: problem });
}

/** Services throw AppError; tRPC answers it with the same code and message. */
function answeringAppErrors<R extends { ok: boolean; error?: unknown }>(result: R): R {
  if (!result.ok) {
    const error = toTRPCError(result.error);
    if (error) throw error;
  }
  return result;
}

// One middleware a procedure rather than one a concern: tRPC copies its call options (and the
// context, when a middleware extends it) at every level, which was a tenth of the server's CPU
// on a cached tRPC list page with three levels of ours.
const publicGuard = t.middleware(async ({ getRawInput, next }) => {
  await refuseControlCharacters(getRawInput);
  return answeringAppErrors(await next());
});

/**
 * For signed-in users only: `ctx.caller` names the user and session by type (what services that
 * need a signed-in caller require), `ctx.user` is the user's public record.
 */
const signedInGuard = t.middleware(async ({ ctx, getRawInput, next }) => {
  await refuseControlCharacters(getRawInput);
  if (!ctx.auth) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  const { user, session } = ctx.auth;
  const caller: Caller<'client' | 'userId' | 'user' | 'sessionId'> = { ...ctx.caller, userId: user.id, user, sessionId: session.id };
  return answeringAppErrors(await next({ ctx: { ...ctx, caller, user } }));
});

export const router = t.router;
export const publicProcedure = t.procedure.use(publicGuard);
export const createCallerFactory = t.createCallerFactory;
export const protectedProcedure = t.procedure.use(signedInGuard);
