import { authRouter } from './routers/auth.js';
import { blogRouter } from './routers/blog.js';
import { contactRouter } from './routers/contact.js';
import { emailRouter } from './routers/email.js';
import { marketRouter } from './routers/market.js';
import { newsletterRouter } from './routers/newsletter.js';
import { siteRouter } from './routers/site.js';
import { socialRouter } from './routers/social.js';
import { systemRouter } from './routers/system.js';
import { userRouter } from './routers/user.js';
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
});

export type AppRouter = typeof appRouter;
