import { createTaskScheduleSchema, taskScheduleIdSchema } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../plugins/auth.js';
import {
  createTaskSchedule,
  deleteTaskSchedule,
  getTaskSchedule,
  listTaskSchedules,
  pauseTaskSchedule,
  resumeTaskSchedule,
} from '../services/tasks/schedules/schedules.js';
import { signedInCallerOf } from './client.js';

/**
 * The signed-in account's task schedules over REST, as tRPC's `taskSchedules` router
 * (docs/tasks.md, "Schedules"): list and create, read, pause, resume and delete one.
 */
export async function taskScheduleRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { preHandler: requireUser };
  const id = (params: unknown) => taskScheduleIdSchema.parse(params);
  app.get('/api/tasks/schedules', guarded, async (request) => listTaskSchedules(app.deps, {}, signedInCallerOf(request)));
  app.post('/api/tasks/schedules', guarded, async (request, reply) =>
    reply.code(201).send(await createTaskSchedule(app.deps, createTaskScheduleSchema.parse(request.body), signedInCallerOf(request))),
  );
  app.get('/api/tasks/schedules/:id', guarded, async (request) => getTaskSchedule(app.deps, id(request.params), signedInCallerOf(request)));
  app.post('/api/tasks/schedules/:id/pause', guarded, async (request) =>
    pauseTaskSchedule(app.deps, id(request.params), signedInCallerOf(request)),
  );
  app.post('/api/tasks/schedules/:id/resume', guarded, async (request) =>
    resumeTaskSchedule(app.deps, id(request.params), signedInCallerOf(request)),
  );
  app.delete('/api/tasks/schedules/:id', guarded, async (request) =>
    deleteTaskSchedule(app.deps, id(request.params), signedInCallerOf(request)),
  );
}
