import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { findV1Operation, type V1ErrorCode } from '@coinsight/contracts';
import { ZodError } from 'zod';
import { INTERNAL_ERROR_MESSAGE, paramOf, statusOf } from '../plugins/errors.js';
import { isDatabaseUnavailable, serviceUnavailable } from '../services/db-errors.js';
import { AppError, logAuthorizationFailure, type AppErrorCode } from '../services/errors.js';

/** The codes /v1 answers with (contracts' V1_ERROR_CODES, the document's ErrorCode enum). */
export type { V1ErrorCode };

/** The one error shape of /v1: `{ error: { code, message, requestId, ...extra } }`. */
export interface V1ErrorBody {
  error: { code: V1ErrorCode; message: string; requestId: string } & Record<string, unknown>;
}

/**
 * What /v1 routes and hooks throw for a client-facing error, e.g.
 * `throw new V1Error(409, 'conflict', 'BTC is ambiguous', { candidates: [...] })`. `extra` is
 * merged into the error object (never over code, message or requestId). Headers a client needs
 * (Retry-After, RateLimit-*) go on the reply before throwing: the error handler keeps them.
 */
export class V1Error extends Error {
  constructor(
    readonly status: number,
    readonly code: V1ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'V1Error';
  }
}

const FROM_APP_ERROR: Record<AppErrorCode, V1ErrorCode> = {
  BAD_REQUEST: 'bad_request',
  UNAUTHORIZED: 'unauthorized',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'not_found',
  CONFLICT: 'conflict',
  PAYLOAD_TOO_LARGE: 'payload_too_large',
  TOO_MANY_REQUESTS: 'rate_limited',
  SERVICE_UNAVAILABLE: 'unavailable',
};

const FROM_STATUS: Record<number, V1ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

/** The first problem, naming its field ("symbol: …") unless the schema's message already does. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  if (!field || issue.message.includes(String(issue.path.at(-1)))) return issue.message;
  return `${field}: ${issue.message}`;
}

/** Where the operation a request is for is documented (the /api reference's entry), else the reference itself. */
function docUrlOf(request: FastifyRequest): string {
  const base = `${request.server.config.publicUrl}/api`;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const operation = findV1Operation(method, request.url.split('?')[0] ?? '');
  return operation ? `${base}#op-${operation.operationId}` : base;
}

export function sendV1Error(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: V1ErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
) {
  // A request the client can fix links the documentation of what it called (Stripe's doc_url).
  const docs = status === 400 ? { docUrl: docUrlOf(request) } : {};
  return reply
    .code(status)
    .header('x-request-id', request.id)
    .send({ error: { ...extra, ...docs, code, message, requestId: request.id } } satisfies V1ErrorBody);
}

/** The /v1 scope's error handler: every error, whoever threw it, leaves in the one shape. */
export function v1ErrorHandler(thrown: FastifyError | V1Error | AppError | ZodError, request: FastifyRequest, reply: FastifyReply) {
  if (thrown instanceof V1Error) return sendV1Error(request, reply, thrown.status, thrown.code, thrown.message, thrown.extra);
  if (thrown instanceof ZodError) {
    const param = paramOf(thrown);
    return sendV1Error(request, reply, 400, 'bad_request', zodMessage(thrown), param ? { param } : {});
  }
  // An outage is logged with each request; a busy pool in aggregate by the pool (plugins/db.ts).
  if (isDatabaseUnavailable(thrown)) request.log.error({ err: thrown }, 'database unavailable');
  const error = serviceUnavailable(thrown) ?? thrown;
  if (error instanceof AppError) {
    logAuthorizationFailure(request.log, error);
    if (error.options.retryAfterSeconds) reply.header('retry-after', String(error.options.retryAfterSeconds));
    const param = paramOf(error);
    const extra = param ? { ...error.options.details, param } : error.options.details;
    return sendV1Error(request, reply, error.status, FROM_APP_ERROR[error.code], error.message, extra);
  }
  const status = statusOf(error);
  if (status >= 500) {
    // Nothing of the cause in the body (docs/security.md §15); all of it in the log.
    request.log.error({ err: error }, 'request failed');
    return sendV1Error(request, reply, status, status === 503 ? 'unavailable' : 'internal', INTERNAL_ERROR_MESSAGE);
  }
  request.log.info({ statusCode: status, code: error.code }, error.message);
  return sendV1Error(request, reply, status, FROM_STATUS[status] ?? 'bad_request', error.message);
}
