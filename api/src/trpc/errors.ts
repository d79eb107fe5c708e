import { TRPCError } from '@trpc/server';
import { serviceUnavailable } from '../services/db-errors.js';
import { AppError } from '../services/errors.js';

// Apart from trpc.ts: the context (context.ts) maps its own errors too, and trpc.ts takes the
// context's type, so sharing this through trpc.ts would close a circle.

/**
 * The TRPCError for what a procedure or the context threw: an AppError keeps its code and
 * message; a database outage or a busy pool is SERVICE_UNAVAILABLE with a retry hint, as REST's 503 is.
 */
export function toTRPCError(error: unknown): TRPCError | null {
  const cause = error instanceof TRPCError ? error.cause : error;
  const appError = cause instanceof AppError ? cause : serviceUnavailable(cause);
  return appError ? new TRPCError({ code: appError.code, message: appError.message, cause: appError }) : null;
}
