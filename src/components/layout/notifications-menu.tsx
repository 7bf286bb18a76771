import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useMemo } from 'react';
import { notificationQueries, useReadNotification } from '@/api/notifications';
import { dateFormatter } from '@/components/format';
import { useUi } from '@/stores/ui';
import { notificationText } from './notification-text';
import './dropdown.css';
import './notifications-menu.css';

/** The bell with its unread count, and the list: unread items dotted at full opacity, read ones dimmed. */
export function NotificationsMenu() {
  const { t, i18n } = useLingui();
  const { data: notifications = [] } = useQuery(notificationQueries.list());
  const readNotification = useReadNotification();
  const open = useUi((s) => s.openMenu === 'notifications');
  const menuToggled = useUi((s) => s.menuToggled);
  const unread = notifications.filter((notification) => !notification.isRead).length;
  // Made once per locale: the header re-renders with every word saved, and a formatter is dear to make.
  const dateFormat = useMemo(
    () => dateFormatter(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.locale],
  );

  return (
    <div className="menu-anchor">
      <button
        type="button"
        className="bell-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`}
        onClick={() => menuToggled('notifications')}
      >
        <Bell size={20} aria-hidden="true" />
        {unread > 0 ? (
          <span className="badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
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
      ) : null}
    </div>
  );
}
