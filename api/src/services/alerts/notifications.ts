import {
  NOTIFICATION_PREFERENCES,
  type AppNotification,
  type NotificationPage,
  type NotificationPreference,
  type NotificationPreferenceId,
} from '@coinsight/contracts';
import type { NoInput, SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { NotOwnedError } from '../errors.js';

type Deps = Pick<ServiceDeps, 'db'>;

/** The spec's preferences, each with the user's choice or its default. */
export async function notificationPrefs(deps: Deps, _input: NoInput, caller: SignedIn): Promise<NotificationPreference[]> {
  const { userId } = caller;
  const chosen = await deps.db.selectFrom('notification_prefs').select(['pref', 'enabled']).where('user_id', '=', userId).execute();
  const byId = new Map(chosen.map((row) => [row.pref, row.enabled]));
  return NOTIFICATION_PREFERENCES.map((pref) => ({ ...pref, enabled: byId.get(pref.id) ?? pref.enabled }));
}

export async function updateNotificationPref(
  deps: Deps,
  input: { id: NotificationPreferenceId; enabled: boolean },
  caller: SignedIn,
): Promise<NotificationPreference[]> {
  const { userId } = caller;
  await deps.db
    .insertInto('notification_prefs')
    .values({ user_id: userId, pref: input.id, enabled: input.enabled })
    .onConflict((oc) => oc.columns(['user_id', 'pref']).doUpdateSet({ enabled: input.enabled }))
    .execute();
  return notificationPrefs(deps, {}, caller);
}

export async function listNotifications(deps: Deps, input: { page: number; limit: number }, caller: SignedIn): Promise<NotificationPage> {
  const { userId } = caller;
  const [rows, count] = await Promise.all([
    deps.db
      .selectFrom('notifications')
      .select(['id', 'kind', 'title', 'body', 'alert_id', 'created_at', 'read_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    deps.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.total);
  const notifications: AppNotification[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    alertId: row.alert_id,
    createdAt: row.created_at.toISOString(),
    read: row.read_at !== null,
  }));
  return { notifications, pagination: { total, page: input.page, limit: input.limit, pages: Math.ceil(total / input.limit) } };
}

export async function unreadNotifications(deps: Deps, _input: NoInput, caller: SignedIn): Promise<{ unread: number }> {
  const { userId } = caller;
  const row = await deps.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('unread'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { unread: Number(row.unread) };
}

export async function markNotificationRead(deps: Deps, input: { id: number }, caller: SignedIn): Promise<{ read: true }> {
  const { userId } = caller;
  const row = await deps.db
    .updateTable('notifications')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.fn<Date>('now', [])) }))
    .where('id', '=', input.id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new NotOwnedError('notification', input.id, userId, 'Notification not found');
  return { read: true };
}

export async function markAllNotificationsRead(deps: Deps, _input: NoInput, caller: SignedIn): Promise<{ updated: number }> {
  const { userId } = caller;
  const result = await deps.db
    .updateTable('notifications')
    .set((eb) => ({ read_at: eb.fn<Date>('now', []) }))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return { updated: Number(result.numUpdatedRows) };
}
