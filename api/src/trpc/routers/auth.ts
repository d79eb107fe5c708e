import {
  emailLinkSchema,
  forgotPasswordSchema,
  loginLinkRequestSchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  twoFactorSignInSchema,
} from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { requestLoginLink, signInWithLink } from '../../services/auth/login-link.js';
import { login } from '../../services/auth/login.js';
import { forgotPassword, resetPassword } from '../../services/auth/password-reset.js';
import { logout } from '../../services/auth/sessions.js';
import { signup } from '../../services/auth/signup.js';
import { completeTwoFactorSignIn } from '../../services/auth/two-factor/challenge.js';
import { verifyAccount } from '../../services/auth/verification.js';
import { protectedProcedure, publicProcedure } from '../trpc.js';

export const authRouter = {
  /** The signed-in user, or null: the app asks at start whether its stored token still works. */
  me: publicProcedure.query(({ ctx }) => ctx.auth?.user ?? null),
  signup: publicProcedure.input(signupSchema).mutation(({ ctx, input }) => signup(ctx.deps, input, ctx.caller)),
  login: publicProcedure.input(loginSchema).mutation(({ ctx, input }) => login(ctx.deps, input, ctx.caller)),
  /** Mails a one-click sign-in link (`/sign-in-link?token=…`), offered when a sign-in is throttled. */
  requestLoginLink: publicProcedure
    .input(loginLinkRequestSchema)
    .mutation(({ ctx, input }) => requestLoginLink(ctx.deps, input, ctx.caller)),
  signInWithLink: publicProcedure.input(emailLinkSchema).mutation(({ ctx, input }) => signInWithLink(ctx.deps, input, ctx.caller)),
  /** Sign-in's second step: the challenge `login` or `signInWithLink` answered, and a code. */
  completeTwoFactor: publicProcedure
    .input(twoFactorSignInSchema)
    .mutation(({ ctx, input }) => completeTwoFactorSignIn(ctx.deps, input, ctx.caller)),
  logout: protectedProcedure.mutation(async ({ ctx }) => {
    await logout(ctx.deps, {}, ctx.caller);
    return { ok: true };
  }),
  forgotPassword: publicProcedure.input(forgotPasswordSchema).mutation(({ ctx, input }) => forgotPassword(ctx.deps, input, ctx.caller)),
  resetPassword: publicProcedure.input(resetPasswordSchema).mutation(({ ctx, input }) => resetPassword(ctx.deps, input, ctx.caller)),
  /** The link mailed at sign-up (`/confirm-email?token=…`): confirms the account's address. */
  verifyAccount: publicProcedure.input(emailLinkSchema).mutation(({ ctx, input }) => verifyAccount(ctx.deps, input, ctx.caller)),
} satisfies TRPCRouterRecord;
