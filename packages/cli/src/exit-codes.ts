import { CoinsightError } from '@coinsight/sdk';

/** The process's exit status, documented in docs/cli.md: scripts branch on these. */
export const EXIT = {
  ok: 0,
  /** The API answered with an error not listed below (400, 404, 409, 5xx…). */
  apiError: 1,
  /** The command line itself is wrong: unknown command or option, missing argument, bad value. */
  usage: 2,
  /** No API key, or the API refused it (401, 403). */
  auth: 3,
  /** Rate limited, monthly quota used up or budget reached (429, 402): try later or upgrade. */
  limited: 4,
  /** The API could not be reached (DNS, connection refused, timeout). */
  network: 5,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A mistake on the command line, found before any request is made. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** No key to send: neither COINSIGHT_API_KEY nor a `coinsight login`. */
export class MissingKeyError extends Error {
  override name = 'MissingKeyError';
}

export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof MissingKeyError) return EXIT.auth;
  if (error instanceof CoinsightError) {
    if (error.status === 0) return EXIT.network;
    if (error.status === 401 || error.status === 403) return EXIT.auth;
    if (error.status === 429 || error.status === 402) return EXIT.limited;
    return EXIT.apiError;
  }
  return EXIT.apiError;
}

/**
 * The lines printed on stderr for a failure: the API's code and message, its HTTP status and the
 * request id to quote to support.
 */
export function describeError(error: unknown): string {
  if (error instanceof CoinsightError) {
    const lines = [`coinsight: ${error.message}`, `  code: ${error.code}${error.status ? ` (HTTP ${error.status})` : ''}`];
    if (error.requestId) lines.push(`  request id: ${error.requestId}`);
    if (error.retryAfter !== null) lines.push(`  retry after: ${error.retryAfter} s`);
    return `${lines.join('\n')}\n`;
  }
  return `coinsight: ${error instanceof Error ? error.message : String(error)}\n`;
}
