import { createTaskScheduleSchema, taskScheduleIdSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  createTaskSchedule,
  deleteTaskSchedule,
  getTaskSchedule,
  listTaskSchedules,
  pauseTaskSchedule,
  resumeTaskSchedule,
} from '../../services/tasks/schedules/schedules.js';
import { protectedProcedure } from '../trpc.js';

/**
 * The signed-in user's task schedules (docs/tasks.md, "Schedules"); another user's is NOT_FOUND.
 * The same over REST at /api/tasks/schedules.
 */
export const taskSchedulesRouter = {
  list: protectedProcedure.query(({ ctx }) => listTaskSchedules(ctx.deps, {}, ctx.caller)),
  get: protectedProcedure.input(taskScheduleIdSchema).query(({ ctx, input }) => getTaskSchedule(ctx.deps, input, ctx.caller)),
  create: protectedProcedure.input(createTaskScheduleSchema).mutation(({ ctx, input }) => createTaskSchedule(ctx.deps, input, ctx.caller)),
  pause: protectedProcedure.input(taskScheduleIdSchema).mutation(({ ctx, input }) => pauseTaskSchedule(ctx.deps, input, ctx.caller)),
  resume: protectedProcedure.input(taskScheduleIdSchema).mutation(({ ctx, input }) => resumeTaskSchedule(ctx.deps, input, ctx.caller)),
  delete: protectedProcedure.input(taskScheduleIdSchema).mutation(({ ctx, input }) => deleteTaskSchedule(ctx.deps, input, ctx.caller)),
} satisfies TRPCRouterRecord;
