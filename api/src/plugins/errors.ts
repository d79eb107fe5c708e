import type { RestErrorBody } from '@coinsight/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { isDatabaseUnavailable, serviceUnavailable } from '../services/db-errors.js';
import { AppError, logAuthorizationFailure } from '../services/errors.js';

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/**
 * The input field an error is about, as a dotted path (`symbol`, `source.url`, `query.symbols.2`),
 * for every surface's `param` (REST, tRPC's `data.param`, /v1): the first problem's path, or the
 * first unknown key, for bad input; the service's `param` for an AppError.
 */
export function paramOf(error: unknown): string | undefined {
  if (error instanceof AppError) return error.options.param;
  if (!(error instanceof ZodError)) return undefined;
  const issue = error.issues[0];
  if (!issue) return undefined;
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const path = [...issue.path, ...keys.slice(0, 1)].map(String);
  return path.length > 0 ? path.join('.') : undefined;
}

/**
 * The status an error that is neither ours (AppError) nor bad input carries: Fastify's own (a body
 * too large, a wrong content type) keep theirs; any other library's is a server error, so that a
 * status and text chosen elsewhere, such as a Stripe SDK error's 404 with Stripe's message, never
 * reach the caller (they are logged).
 */
export function statusOf(error: { statusCode?: number; type?: unknown }): number {
  const foreign = typeof error.type === 'string' && error.type.startsWith('Stripe');
  return !foreign && error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
}

/**
 * One error shape for REST: `{ error: "message" }` (docs/product.md §7), with `param` naming the field when
 * the refusal is about one. Client errors say what was wrong; server errors say nothing of their
 * cause in the body and everything in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError | ZodError, request, reply) => {
    // An outage is logged with each request; a busy pool in aggregate by the pool (plugins/db.ts).
    if (isDatabaseUnavailable(thrown)) request.log.error({ err: thrown }, 'database unavailable');
    const error = serviceUnavailable(thrown) ?? thrown;
    if (error instanceof ZodError) {
      // Services parse their input with the shared schemas: the first problem is the message.
      // A root-level type error means the input was not an object at all; every other issue,
      // root-level ones such as an unknown parameter included, carries its own message.
      const issue = error.issues[0];
      const notAnObject = !issue || (issue.path.length === 0 && issue.code === 'invalid_type');
      const message = notAnObject ? 'The request body must be a JSON object' : issue.message;
      return reply.code(400).send(restError(message, error));
    }
    if (error instanceof AppError) {
      logAuthorizationFailure(request.log, error);
      if (error.options.retryAfterSeconds) reply.header('retry-after', String(error.options.retryAfterSeconds));
      return reply.code(error.status).send(restError(error.message, error));
    }
    const status = statusOf(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send(restError(INTERNAL_ERROR_MESSAGE));
    }
    request.log.info({ statusCode: status, code: error.code }, error.message);
    return reply.code(status).send(restError(error.message));
  });
}

function restError(message: string, cause?: AppError | ZodError): RestErrorBody {
  const param = paramOf(cause);
  return param === undefined ? { error: message } : { error: message, param };
}
