import type { Task, TrpcErrorDetails } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { bearer, nextAddress, signup } from './auth.js';

export interface TrpcAnswer<T> {
  status: number;
  data: T;
  error?: { message: string; data: { code: string; httpStatus: number } & TrpcErrorDetails };
}

/** What the REST file routes answered (light-my-request's response, the parts tests read). */
export interface InjectAnswer {
  statusCode: number;
  body: string;
  rawPayload: Buffer;
  headers: Record<string, string | string[] | number | undefined>;
  json<T = unknown>(): T;
}

/** A signed-up user calling tasks.* over tRPC and the task file routes, as the web app does. */
export async function taskUser(app: FastifyInstance) {
  const { token, user } = await signup(app);
  const auth = bearer(token);
  const call = async <T>(kind: 'query' | 'mutation', path: string, input?: unknown): Promise<TrpcAnswer<T>> => {
    const res =
      kind === 'query'
        ? await app.inject({
            method: 'GET',
            url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
            headers: auth,
          })
        : await app.inject({
            method: 'POST',
            url: `/trpc/${path}`,
            headers: auth,
            payload: (input ?? {}) as object,
            remoteAddress: nextAddress(),
          });
    const body = res.json() as { result?: { data: T }; error?: TrpcAnswer<T>['error'] };
    return { status: res.statusCode, data: body.result?.data as T, error: body.error };
  };
  return {
    user,
    auth,
    query: <T>(path: string, input?: unknown) => call<T>('query', path, input),
    mutate: <T>(path: string, input?: unknown) => call<T>('mutation', path, input),
    create: (input: unknown) => call<Task>('mutation', 'tasks.create', input),
    get: (id: string) => call<Task>('query', 'tasks.get', { id }),
    upload: (content: string | Buffer, filename: string, contentType = 'application/octet-stream'): Promise<InjectAnswer> =>
      app.inject({
        method: 'POST',
        url: `/api/tasks/uploads?filename=${encodeURIComponent(filename)}`,
        headers: { ...auth, 'content-type': contentType },
        payload: content,
      }),
    download: (id: string): Promise<InjectAnswer> => app.inject({ method: 'GET', url: `/api/tasks/${id}/download`, headers: auth }),
  };
}

export type TaskUser = Awaited<ReturnType<typeof taskUser>>;
