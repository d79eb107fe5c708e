import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { isDatabaseUnavailable, serviceUnavailable } from '../services/db-errors.js';
import { AppError, logAuthorizationFailure } from '../services/errors.js';

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/**
 * One error shape for REST: `{ error: "message" }` (docs/product.md §7). Client errors say what was wrong;
 * server errors say nothing of their cause in the body and everything in the log.
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
      return reply.code(400).send({ error: message });
    }
    if (error instanceof AppError) {
      logAuthorizationFailure(request.log, error);
      if (error.options.retryAfterSeconds) reply.header('retry-after', String(error.options.retryAfterSeconds));
      return reply.code(error.status).send({ error: error.message });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ error: INTERNAL_ERROR_MESSAGE });
    }
    request.log.info({ statusCode: status, code: error.code }, error.message);
    return reply.code(status).send({ error: error.message });
  });
}
