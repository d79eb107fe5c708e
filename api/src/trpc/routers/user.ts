import {
  changePasswordSchema,
  emailLinkSchema,
  sessionIdSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorSetupSchema,
  updateProfileSchema,
} from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { pendingEmail, revertEmailChange, verifyEmailChange } from '../../services/user/email.js';
import { resendVerification } from '../../services/auth/verification.js';
import { listSessions, revokeOtherSessions, revokeSession } from '../../services/auth/session-list.js';
import { confirmTwoFactor, disableTwoFactor, startTwoFactor, twoFactorStatus } from '../../services/auth/two-factor/enrolment.js';
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
  /** Whether two-factor sign-in is on, and how many recovery codes are left. */
  twoFactor: protectedProcedure.query(({ ctx }) => twoFactorStatus(ctx.deps, {}, ctx.caller)),
  /** Begins an enrolment (password needed): the secret, its otpauth:// URI and QR code, answered this once. */
  startTwoFactor: protectedProcedure.input(twoFactorSetupSchema).mutation(({ ctx, input }) => startTwoFactor(ctx.deps, input, ctx.caller)),
  /** A code from the authenticator turns two-factor sign-in on; the ten recovery codes are answered once. */
  confirmTwoFactor: protectedProcedure
    .input(twoFactorConfirmSchema)
    .mutation(({ ctx, input }) => confirmTwoFactor(ctx.deps, input, ctx.caller)),
  disableTwoFactor: protectedProcedure
    .input(twoFactorDisableSchema)
    .mutation(({ ctx, input }) => disableTwoFactor(ctx.deps, input, ctx.caller)),
  /** The account's signed-in sessions, the caller's own marked `current`. */
  sessions: protectedProcedure.query(({ ctx }) => listSessions(ctx.deps, {}, ctx.caller)),
  revokeSession: protectedProcedure.input(sessionIdSchema).mutation(async ({ ctx, input }) => {
    await revokeSession(ctx.deps, input, ctx.caller);
    return { ok: true };
  }),
  revokeOtherSessions: protectedProcedure.mutation(({ ctx }) => revokeOtherSessions(ctx.deps, {}, ctx.caller)),
} satisfies TRPCRouterRecord;
