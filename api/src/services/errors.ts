/**
 * The errors services throw for things a client did or may do again later. REST turns them into
 * `{ error: message }` with the matching status, tRPC into a TRPCError with the same code; each
 * surface names `param` (plugins/errors.ts: paramOf).
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    /**
     * param: the input field the error is about, as a dotted path (`symbol`, `source.url`), which
     * every surface names (REST and /v1 `param`, tRPC `data.param`) so a form can show the message
     * beside it. details: more for a client to act on, which /v1 adds to its error object (e.g. an
     * ambiguous asset's candidates).
     */
    readonly options: { retryAfterSeconds?: number; param?: string; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

/** The kinds of object an account owns and asks for by id. */
export type OwnedObject = 'alert' | 'api_key' | 'task' | 'task_schedule' | 'export' | 'notification' | 'team' | 'saved_view';

/**
 * An owned object the caller asked for by id that is not theirs, or does not exist: answered as any
 * NOT_FOUND (another account's id is never confirmed, docs/security.md §10), and logged by the edges'
 * error handlers as an authorization failure (docs/security.md §16: logAuthorizationFailure). The lookups
 * filter by owner, so "someone else's" and "nobody's" are one case, and one log line.
 */
export class NotOwnedError extends AppError {
  constructor(
    readonly object: OwnedObject,
    readonly id: string | number,
    readonly userId: string,
    message: string,
  ) {
    super('NOT_FOUND', message);
    this.name = 'NotOwnedError';
  }
}

/** One line per refused id: who asked, for what kind of object, which id. Never a secret. */
export function logAuthorizationFailure(log: { warn(details: object, message: string): void }, error: unknown): void {
  if (!(error instanceof NotOwnedError)) return;
  log.warn({ event: 'authorization.failure', userId: error.userId, object: error.object, id: error.id }, 'authorization failure');
}
