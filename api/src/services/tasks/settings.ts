/** The tasks' settings (config.tasks), and the queue that hands a task to a worker. */
export interface TaskSettings {
  /**
   * TASK_URL_ALLOW_PRIVATE=1, for tests and development only: a scrape URL may reach loopback and
   * private addresses. Off, only public unicast addresses are accepted and connected to.
   */
  allowPrivateUrls: boolean;
  /**
   * Tests only (never from the environment): origins exempt from the address check, e.g. a local
   * fixture server, so a test can serve a file that redirects to a refused address.
   */
  trustedOrigins?: string[];
  /** X API v2 recent search (X_BEARER_TOKEN, X_API_BASE_URL); undefined without a token: that source is refused. */
  x: { bearerToken: string; baseUrl: string } | undefined;
}

/**
 * Offers a task to the workers. Set by the job runner on an instance that runs jobs; elsewhere
 * (JOBS=off) a new task waits for the sweep of a worker instance, which offers every pending task.
 */
export interface TaskQueue {
  offer(taskId: string): Promise<void>;
}

export type TaskQueueHolder = TaskQueue & { attach(queue: TaskQueue | undefined): void };

export function createTaskQueueHolder(): TaskQueueHolder {
  let current: TaskQueue | undefined;
  return {
    attach(queue) {
      current = queue;
    },
    async offer(taskId) {
      await current?.offer(taskId);
    },
  };
}
