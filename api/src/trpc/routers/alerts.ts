import {
  alertIdSchema,
  createAlertSchema,
  notificationsQuerySchema,
  updateAlertSchema,
  updateNotificationPrefSchema,
} from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { createAlert, deleteAlert, listAlerts, updateAlert } from '../../services/alerts/alerts.js';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationPrefs,
  unreadNotifications,
  updateNotificationPref,
} from '../../services/alerts/notifications.js';
import { protectedProcedure } from '../trpc.js';

/**
 * The signed-in user's price and mention alerts, the notifications they fire and which kinds of
 * notification they want (docs/market-data.md). Another user's alert or notification is NOT_FOUND,
 * as one that does not exist.
 */
export const alertsRouter = {
  list: protectedProcedure.query(({ ctx }) => listAlerts(ctx.deps, {}, ctx.caller)),
  create: protectedProcedure.input(createAlertSchema).mutation(({ ctx, input }) => createAlert(ctx.deps, input, ctx.caller)),
  update: protectedProcedure.input(updateAlertSchema).mutation(({ ctx, input }) => updateAlert(ctx.deps, input, ctx.caller)),
  delete: protectedProcedure.input(alertIdSchema).mutation(({ ctx, input }) => deleteAlert(ctx.deps, input, ctx.caller)),
  notifications: {
    list: protectedProcedure.input(notificationsQuerySchema).query(({ ctx, input }) => listNotifications(ctx.deps, input, ctx.caller)),
    unreadCount: protectedProcedure.query(({ ctx }) => unreadNotifications(ctx.deps, {}, ctx.caller)),
    markRead: protectedProcedure.input(alertIdSchema).mutation(({ ctx, input }) => markNotificationRead(ctx.deps, input, ctx.caller)),
    markAllRead: protectedProcedure.mutation(({ ctx }) => markAllNotificationsRead(ctx.deps, {}, ctx.caller)),
  },
  preferences: {
    get: protectedProcedure.query(({ ctx }) => notificationPrefs(ctx.deps, {}, ctx.caller)),
    update: protectedProcedure
      .input(updateNotificationPrefSchema)
      .mutation(({ ctx, input }) => updateNotificationPref(ctx.deps, input, ctx.caller)),
  },
} satisfies TRPCRouterRecord;
