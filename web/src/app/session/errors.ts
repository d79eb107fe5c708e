import type { AppRouter } from '@coinsight/api/trpc';
import { TRPCClientError } from '@trpc/client';

/** The HTTP status the server answered a failed call with, or null when it never answered. */
export function httpStatusOf(error: unknown): number | null {
  return error instanceof TRPCClientError ? ((error as TRPCClientError<AppRouter>).data?.httpStatus ?? null) : null;
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
