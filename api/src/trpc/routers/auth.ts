import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  updateProfileSchema,
} from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { protectedProcedure, publicProcedure } from '../trpc.js';

export const authRouter = {
  /** The signed-in user, or null: the app asks at start whether its stored token still works. */
  me: publicProcedure.query(({ ctx }) => ctx.auth?.user ?? null),
  signup: publicProcedure.input(signupSchema).mutation(({ ctx, input }) => ctx.accounts.signup(input, ctx.client)),
  login: publicProcedure.input(loginSchema).mutation(({ ctx, input }) => ctx.accounts.login(input, ctx.client)),
  logout: protectedProcedure.mutation(async ({ ctx }) => {
    await ctx.accounts.logout(ctx.session.id);
    return { ok: true };
  }),
  forgotPassword: publicProcedure.input(forgotPasswordSchema).mutation(({ ctx, input }) => ctx.accounts.forgotPassword(input, ctx.client)),
  resetPassword: publicProcedure.input(resetPasswordSchema).mutation(({ ctx, input }) => ctx.accounts.resetPassword(input)),
  updateProfile: protectedProcedure.input(updateProfileSchema).mutation(({ ctx, input }) => ctx.accounts.updateProfile(ctx.user.id, input)),
  changePassword: protectedProcedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) => ctx.accounts.changePassword(ctx.user.id, input, ctx.client)),
} satisfies TRPCRouterRecord;
