import type { AppNotification } from '@coinsight/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Time } from '../../components/Time';
import { trpc } from '../../lib/trpc';
import { useMenu } from '../useMenu';
import styles from './NotificationsMenu.module.css';

/** How often the header asks for the unread count (the live market stream may nudge it sooner). */
export const UNREAD_POLL_MS = 30_000;
/** How many of the newest notifications the panel lists. */
export const RECENT_NOTIFICATIONS = 10;

export function notificationsLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/** The header's bell for a signed-in user: unread count, recent notifications, mark as read. */
export function NotificationsMenu() {
  const { open, close, menuId, rootProps, triggerProps } = useMenu();
  const utils = trpc.useUtils();
  const unreadCount = trpc.alerts.notifications.unreadCount.useQuery(undefined, { refetchInterval: UNREAD_POLL_MS });
  const unread = unreadCount.data?.unread ?? 0;
  // Opening the panel always asks again: the count may have moved since it was last open.
  const list = trpc.alerts.notifications.list.useQuery({ limit: RECENT_NOTIFICATIONS }, { enabled: open, staleTime: 0 });
  const refresh = () => Promise.all([utils.alerts.notifications.unreadCount.invalidate(), utils.alerts.notifications.list.invalidate()]);
  const markRead = trpc.alerts.notifications.markRead.useMutation({ onSettled: refresh });
  const markAll = trpc.alerts.notifications.markAllRead.useMutation({ onSettled: refresh });

  // A new notification means an alert fired: an alert list on screen should say so too.
  const lastUnread = useRef(unread);
  useEffect(() => {
    if (unread > lastUnread.current) void utils.alerts.list.invalidate();
    lastUnread.current = unread;
  }, [unread, utils]);

  const notifications = list.data?.notifications ?? [];

  return (
    <div className={styles.root} {...rootProps}>
      <button {...triggerProps} className={styles.trigger} aria-label={notificationsLabel(unread)}>
        <BellIcon />
        {unread > 0 ? (
          <span className={styles.count} aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <section id={menuId} className={styles.panel} aria-labelledby={`${menuId}-title`}>
          <div className={styles.head}>
            <p id={`${menuId}-title`} className={styles.title}>
              Notifications
            </p>
            <button
              type="button"
              className={styles.textButton}
              disabled={unread === 0 || markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              Mark all as read
            </button>
          </div>
          {list.isPending ? (
            <p className={styles.note}>Loading notifications…</p>
          ) : list.isError ? (
            <p className={styles.note} role="alert">
              Notifications could not be loaded. Please try again.
            </p>
          ) : notifications.length === 0 ? (
            <p className={styles.note}>No notifications yet. When one of your alerts fires, it shows up here.</p>
          ) : (
            <ul className={styles.list}>
              {notifications.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem notification={notification} onRead={() => markRead.mutate({ id: notification.id })} />
                </li>
              ))}
            </ul>
          )}
          <div className={styles.foot}>
            <Link to="/alerts" className={styles.footLink} onClick={close}>
              Manage alerts
            </Link>
            <Link to="/settings?tab=notifications" className={styles.footLink} onClick={close}>
              Notification settings
            </Link>
          </div>
        </section>
      ) : null}
    </div>
  );
}

function NotificationItem({ notification, onRead }: { notification: AppNotification; onRead: () => void }) {
  const content = (
    <>
      <span className={styles.itemTitle}>
        {notification.read ? null : (
          <>
            <span className={styles.visuallyHidden}>Unread:</span>{' '}
          </>
        )}
        {notification.title}
      </span>
      <span className={styles.itemBody}>{notification.body}</span>
      <Time className={styles.itemTime} value={notification.createdAt} />
    </>
  );
  // An unread one is a button that marks it read; a read one is just its text.
  return notification.read ? (
    <div className={styles.item}>{content}</div>
  ) : (
    <button type="button" className={styles.item} data-unread="true" onClick={onRead}>
      {content}
    </button>
  );
}

function BellIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="M10 2.5a5 5 0 0 0-5 5v2.8L3.6 13.2a.8.8 0 0 0 .7 1.2h11.4a.8.8 0 0 0 .7-1.2L15 10.3V7.5a5 5 0 0 0-5-5ZM8 16a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
