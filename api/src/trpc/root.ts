import { alertsRouter } from './routers/alerts.js';
import { apiKeysRouter } from './routers/api-keys.js';
import { authRouter } from './routers/auth.js';
import { billingRouter } from './routers/billing.js';
import { blogRouter } from './routers/blog.js';
import { contactRouter } from './routers/contact.js';
import { emailRouter } from './routers/email.js';
import { marketRouter } from './routers/market.js';
import { newsletterRouter } from './routers/newsletter.js';
import { siteRouter } from './routers/site.js';
import { socialRouter } from './routers/social.js';
import { systemRouter } from './routers/system.js';
import { taskSchedulesRouter } from './routers/task-schedules.js';
import { tasksRouter } from './routers/tasks.js';
import { teamsRouter } from './routers/teams.js';
import { userRouter } from './routers/user.js';
import { watchlistRouter } from './routers/watchlist.js';
import { preferencesRouter } from './routers/preferences.js';
import { savedViewsRouter } from './routers/saved-views.js';
import { webhooksRouter } from './routers/webhooks.js';
import { router } from './trpc.js';

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  user: userRouter,
  site: siteRouter,
  blog: blogRouter,
  newsletter: newsletterRouter,
  contact: contactRouter,
  email: emailRouter,
  social: socialRouter,
  market: marketRouter,
  watchlist: watchlistRouter,
  preferences: preferencesRouter,
  savedViews: savedViewsRouter,
  apiKeys: apiKeysRouter,
  alerts: alertsRouter,
  webhooks: webhooksRouter,
  billing: billingRouter,
  tasks: tasksRouter,
  teams: teamsRouter,
  taskSchedules: taskSchedulesRouter,
});

export type AppRouter = typeof appRouter;
