import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useReadNotification } from '@/api/notifications';
import { dateFormatter } from '@/components/format';
import type { Notification } from '@/contract/entities';
import { notificationText } from './notification-text';
import './notifications-list.css';

/**
 * The bell's list: unread items dotted at full opacity, read ones dimmed. Loaded when the bell first opens it, with
 * the screens' catalog (its texts are long and many): neither the library nor the reader carries it.
 */
export function NotificationsList({ notifications }: { notifications: readonly Notification[] }) {
  const { t, i18n } = useLingui();
  const readNotification = useReadNotification();
  const dateFormat = useMemo(
    () => dateFormatter(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.locale],
  );
  return (
    <div className="dropdown notifications-dropdown">
      {notifications.length === 0 ? (
        <p className="notifications-empty">
          <Trans>No notifications</Trans>
        </p>
      ) : (
        <ul className="notification-list" aria-label={t`Notifications`}>
          {notifications.map((notification) => (
            <li key={notification.id}>
              <button
                type="button"
                className={`notification${notification.isRead ? ' read' : ' unread'}`}
                onClick={() => {
                  if (!notification.isRead) readNotification.mutate(notification);
                }}
              >
                {notification.isRead ? null : <span className="unread-dot" role="img" aria-label={t`Unread`} />}
                <span className="notification-message">{notificationText(notification, i18n)}</span>
                <time className="notification-date" dateTime={notification.createdAt}>
                  {dateFormat.format(new Date(notification.createdAt))}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
