import type { TrpcErrorDetails } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { nextAddress } from './auth.js';

export interface TrpcAnswer<T> {
  status: number;
  data: T;
  error?: { message: string; data: { code: string; httpStatus: number } & TrpcErrorDetails };
  /** The raw body, for what must not appear in it. */
  body: string;
  retryAfter: string | string[] | number | undefined;
}

export interface TrpcCallOptions {
  /** Each mutation from a fresh client address: for limits counted per address (links, uploads). */
  freshAddress?: boolean;
}

/** One tRPC call as the web's link makes it: a query by GET (its input in the URL), a mutation by POST. */
export async function trpcCall<T>(
  app: FastifyInstance,
  kind: 'query' | 'mutation',
  path: string,
  input: unknown,
  headers: Record<string, string>,
  options: TrpcCallOptions = {},
): Promise<TrpcAnswer<T>> {
  const res =
    kind === 'query'
      ? await app.inject({
          method: 'GET',
          url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          headers,
        })
      : await app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers,
          payload: (input ?? {}) as object,
          ...(options.freshAddress ? { remoteAddress: nextAddress() } : {}),
        });
  const body = res.json() as { result?: { data: T }; error?: TrpcAnswer<T>['error'] };
  return {
    status: res.statusCode,
    data: body.result?.data as T,
    error: body.error,
    body: res.body,
    retryAfter: res.headers['retry-after'],
  };
}

/** Queries and mutations made with `headers` (a user's bearer token, or none). */
export function trpcCaller(app: FastifyInstance, headers: Record<string, string>, options: TrpcCallOptions = {}) {
  return {
    query: <T>(path: string, input?: unknown) => trpcCall<T>(app, 'query', path, input, headers, options),
    mutate: <T>(path: string, input?: unknown) => trpcCall<T>(app, 'mutation', path, input, headers, options),
  };
}
