import { systemRouter } from './routers/system.js';
import { router } from './trpc.js';

export const appRouter = router({
  ...systemRouter,
});

export type AppRouter = typeof appRouter;
