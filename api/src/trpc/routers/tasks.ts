import { createTaskSchema, listTasksSchema, taskIdSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { cancelTask, createTask, deleteTask, getTask, getTaskReport, listTasks, retryTask } from '../../services/tasks/tasks.js';
import { protectedProcedure } from '../trpc.js';

/**
 * The signed-in user's tasks (docs/tasks.md); another user's task is NOT_FOUND. Files travel over
 * REST: POST /api/tasks/uploads and GET /api/tasks/:id/download.
 */
export const tasksRouter = {
  list: protectedProcedure.input(listTasksSchema).query(({ ctx, input }) => listTasks(ctx.deps, input, ctx.caller)),
  get: protectedProcedure.input(taskIdSchema).query(({ ctx, input }) => getTask(ctx.deps, input, ctx.caller)),
  /** A completed analysis's report (the charts' data). */
  report: protectedProcedure.input(taskIdSchema).query(({ ctx, input }) => getTaskReport(ctx.deps, input, ctx.caller)),
  create: protectedProcedure.input(createTaskSchema).mutation(({ ctx, input }) => createTask(ctx.deps, input, ctx.caller)),
  cancel: protectedProcedure.input(taskIdSchema).mutation(({ ctx, input }) => cancelTask(ctx.deps, input, ctx.caller)),
  retry: protectedProcedure.input(taskIdSchema).mutation(({ ctx, input }) => retryTask(ctx.deps, input, ctx.caller)),
  delete: protectedProcedure.input(taskIdSchema).mutation(({ ctx, input }) => deleteTask(ctx.deps, input, ctx.caller)),
} satisfies TRPCRouterRecord;
