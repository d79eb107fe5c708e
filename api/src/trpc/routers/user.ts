import { changePasswordSchema, emailLinkSchema, updateProfileSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { pendingEmail, revertEmailChange, verifyEmailChange } from '../../services/user/email.js';
import { resendVerification } from '../../services/auth/verification.js';
import { changePassword } from '../../services/user/password.js';
import { updateProfile } from '../../services/user/profile.js';
import { protectedProcedure, publicProcedure } from '../trpc.js';

/** The signed-in user's own account, as REST's `/api/users/*`. */
export const userRouter = {
  updateProfile: protectedProcedure
    .input(updateProfileSchema)
    .mutation(async ({ ctx, input }) => (await updateProfile(ctx.deps, input, ctx.caller)).user),
  /** The new address waiting for confirmation from its inbox, or null. */
  emailChange: protectedProcedure.query(async ({ ctx }) => ({ pendingEmail: await pendingEmail(ctx.deps, {}, ctx.caller) })),
  changePassword: protectedProcedure.input(changePasswordSchema).mutation(({ ctx, input }) => changePassword(ctx.deps, input, ctx.caller)),
  verifyEmail: publicProcedure.input(emailLinkSchema).mutation(({ ctx, input }) => verifyEmailChange(ctx.deps, input, ctx.caller)),
  /** Mails a new link confirming the current address (settings, while unconfirmed); throttled. */
  resendVerification: protectedProcedure.mutation(({ ctx }) => resendVerification(ctx.deps, {}, ctx.caller)),
  revertEmailChange: publicProcedure.input(emailLinkSchema).mutation(({ ctx, input }) => revertEmailChange(ctx.deps, input, ctx.caller)),
} satisfies TRPCRouterRecord;
