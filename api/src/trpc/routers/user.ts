import {
  alertIdSchema,
  changePasswordSchema,
  createAlertSchema,
  emailLinkSchema,
  notificationsQuerySchema,
  updateAlertSchema,
  updateNotificationPrefSchema,
  updateProfileSchema,
} from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { pendingEmail, revertEmailChange, verifyEmailChange } from '../../services/user/email.js';
import { createAlert, deleteAlert, listAlerts, updateAlert } from '../../services/alerts/alerts.js';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationPrefs,
  unreadNotifications,
  updateNotificationPref,
} from '../../services/alerts/notifications.js';
import { resendVerification } from '../../services/auth/verification.js';
import { changePassword } from '../../services/user/password.js';
import { updateProfile } from '../../services/user/profile.js';
import { protectedProcedure, publicProcedure } from '../trpc.js';
import { webhooksRouter } from './webhooks.js';

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
  /** Price and mention alerts; another user's alert is NOT_FOUND, as one that does not exist. */
  alerts: {
    list: protectedProcedure.query(({ ctx }) => listAlerts(ctx.deps, ctx.user.id)),
    create: protectedProcedure.input(createAlertSchema).mutation(({ ctx, input }) => createAlert(ctx.deps, input, ctx.user.id)),
    update: protectedProcedure.input(updateAlertSchema).mutation(({ ctx, input }) => updateAlert(ctx.deps, input, ctx.user.id)),
    delete: protectedProcedure.input(alertIdSchema).mutation(({ ctx, input }) => deleteAlert(ctx.deps, input, ctx.user.id)),
  },
  notificationPrefs: {
    get: protectedProcedure.query(({ ctx }) => notificationPrefs(ctx.deps, ctx.user.id)),
    update: protectedProcedure
      .input(updateNotificationPrefSchema)
      .mutation(({ ctx, input }) => updateNotificationPref(ctx.deps, input, ctx.user.id)),
  },
  notifications: {
    list: protectedProcedure.input(notificationsQuerySchema).query(({ ctx, input }) => listNotifications(ctx.deps, input, ctx.user.id)),
    unreadCount: protectedProcedure.query(({ ctx }) => unreadNotifications(ctx.deps, ctx.user.id)),
    markRead: protectedProcedure.input(alertIdSchema).mutation(({ ctx, input }) => markNotificationRead(ctx.deps, input, ctx.user.id)),
    markAllRead: protectedProcedure.mutation(({ ctx }) => markAllNotificationsRead(ctx.deps, ctx.user.id)),
  },
  webhooks: webhooksRouter,
} satisfies TRPCRouterRecord;
