import type { Task } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { bearer, signup } from './auth.js';
import { trpcCaller } from './trpc.js';

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
  const { query, mutate } = trpcCaller(app, auth, { freshAddress: true });
  return {
    user,
    auth,
    query,
    mutate,
    create: (input: unknown) => mutate<Task>('tasks.create', input),
    get: (id: string) => query<Task>('tasks.get', { id }),
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
