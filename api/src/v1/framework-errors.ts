import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sendV1Error } from './errors.js';

const isV1 = (url: string | undefined) => url !== undefined && /^\/v1(?:[/?#]|$)/.test(url);

/**
 * Fastify's `frameworkErrors`: what it answers before any route or hook, a path that is not valid
 * percent-encoding (`/v1/alerts/%FF`, FST_ERR_BAD_URL) or a too-long parameter. Under /v1 that is
 * the one error shape with its request id (a 400: the path is the client's to fix); elsewhere
 * exactly Fastify's own answer, as before.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (isV1(request.url)) {
    const message =
      error.code === 'FST_ERR_BAD_URL'
        ? 'The path is not a valid URL: a % must start a UTF-8 escape such as %20'
        : 'The path is too long: a path parameter is at most 5000 characters';
    void sendV1Error(request, reply, 400, 'bad_request', message);
    return;
  }
  const status = error.statusCode ?? 400;
  void reply.code(status).send({
    error: status === 414 ? 'URI Too Long' : status >= 500 ? 'Internal Server Error' : 'Bad Request',
    code: error.code,
    message: error.message,
    statusCode: status,
  });
}
