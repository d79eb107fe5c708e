import { initTRPC } from '@trpc/server';
import { z, ZodError } from 'zod';
import { INTERNAL_ERROR_MESSAGE } from '../plugins/errors.js';
import type { Context } from './context.js';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const serverError = shape.data.httpStatus >= 500;
    return {
      ...shape,
      // Same rule as REST: a 5xx says nothing of its cause to the client.
      message: serverError ? INTERNAL_ERROR_MESSAGE : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        zodError: error.cause instanceof ZodError ? z.flattenError(error.cause) : null,
      },
    };
  },
});

export const router = t.router;
export const publicProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;
