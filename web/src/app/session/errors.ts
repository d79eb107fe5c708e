import type { AppRouter } from '@coinsight/api/trpc';
import type { TRPCClientError } from '@trpc/client';
import { listField } from '../../components/forms/validation';

/**
 * Recognised by the name tRPC gives its errors rather than `instanceof`: importing the class would
 * put tRPC's client into the first load of every page, the landing page included
 * (docs/web-performance.md, "Initial JavaScript").
 */
function isTrpcClientError(error: unknown): error is TRPCClientError<AppRouter> {
  return error instanceof Error && error.name === 'TRPCClientError';
}

/** The HTTP status the server answered a failed call with, or null when it never answered. */
export function httpStatusOf(error: unknown): number | null {
  return isTrpcClientError(error) ? (error.data?.httpStatus ?? null) : null;
}

/**
 * The server's own words for a refused request (the spec's "server error field"), or null.
 * Network failures have no server words, and 5xx answers carry only a generic text, so both
 * leave the caller's own message to speak.
 */
export function serverMessage(error: unknown): string | null {
  const status = httpStatusOf(error);
  if (status === null || status >= 500 || !(error instanceof Error)) return null;
  return error.message || null;
}

/**
 * The server's refusal of one of a form's `fields`, placed by the field path the server names
 * (`error.data.param`, never the message's words), or null when it names none of them. An item of
 * a list (`query.symbols.2`) belongs to its list's field.
 */
export function serverFieldError<F extends string>(error: unknown, fields: readonly F[]): { field: F; message: string } | null {
  const message = serverMessage(error);
  const param = isTrpcClientError(error) ? error.data?.param : null;
  const field = param ? fields.find((name) => name === listField(param)) : undefined;
  return message && field ? { field, message } : null;
}
