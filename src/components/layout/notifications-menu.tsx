import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { notificationQueries } from '@/api/notifications';
import { withLazyCatalog } from '@/i18n/i18n';
import { useUi } from '@/stores/ui';
import './dropdown.css';
import './notifications-menu.css';

let listModule: Promise<typeof import('./notifications-list')> | undefined;
/** The list's code and the catalog its texts are in, asked for once (a failed load is asked again next time). */
function loadList() {
  listModule ??= withLazyCatalog(import('./notifications-list')).catch((error: unknown) => {
    listModule = undefined;
    throw error;
  });
  return listModule;
}
const NotificationsList = lazy(() => loadList().then((module) => ({ default: module.NotificationsList })));

/** The bell with its unread count; the list it opens loads on the first pointer or focus on the bell. */
export function NotificationsMenu() {
  const { t } = useLingui();
  const { data: notifications = [] } = useQuery(notificationQueries.list());
  const open = useUi((s) => s.openMenu === 'notifications');
  const menuToggled = useUi((s) => s.menuToggled);
  const unread = notifications.filter((notification) => !notification.isRead).length;
  const prefetch = () => void loadList().catch(() => {});

  return (
    <div className="menu-anchor">
      <button
        type="button"
        className="bell-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`}
        onPointerEnter={prefetch}
        onFocus={prefetch}
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
        <Suspense fallback={null}>
          <NotificationsList notifications={notifications} />
        </Suspense>
      ) : null}
    </div>
  );
}
