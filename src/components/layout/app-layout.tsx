import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { refreshDue, useRefreshUser, userQueries } from '@/api/account';
import { storedUserAge } from '@/api/session';
import { timings } from '@/contract/constants';
import { Toaster } from '@/lib/toast';
import { useUi } from '@/stores/ui';
import { Footer } from './footer';
import { Header } from './header';
import { LanguageChoice } from './language-choice';
import { TopBar } from './top-bar';
import { useDocumentTitle } from './use-document-title';
import './app-layout.css';

/**
 * Closes menus on a click elsewhere or Escape, and on every route change (not the first load) resets
 * the transient UI and refreshes the user once refreshAt has passed (spec §4). An app started on a record this browser
 * kept a while ago, and a tab shown again after a while, refresh the user too: the learner may have read on another
 * device meanwhile (streak, coins, words saved).
 */
function useLayoutEffects() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { mutate: refreshUser } = useRefreshUser();
  const routeChanged = useUi((s) => s.routeChanged);

  const menusClosed = useUi((s) => s.menusClosed);
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Element && !event.target.closest('.menu-anchor')) menusClosed();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') menusClosed();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [menusClosed]);

  useEffect(() => {
    const refreshOnce = () => {
      if (queryClient.isMutating({ mutationKey: ['auth', 'refresh'] }) === 0) refreshUser();
    };
    const stopRoutes = router.subscribe('onResolved', (event) => {
      if (!event.pathChanged) return;
      // The first resolution is the app's start, not a change: a menu opened while the screen's code loads stays.
      if (event.fromLocation) routeChanged();
      if (refreshDue(queryClient.getQueryData(userQueries.current().queryKey))) refreshOnce();
    });
    // The layout mounts as the app starts, before anything the learner does keeps the record again (none kept: null).
    const keptAgo = storedUserAge();
    if (keptAgo !== null && keptAgo >= timings.refreshAfterAwayMs) refreshOnce();
    let hiddenSince: number | null = null;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hiddenSince = Date.now();
        return;
      }
      const away = hiddenSince === null ? 0 : Date.now() - hiddenSince;
      hiddenSince = null;
      if (away >= timings.refreshAfterAwayMs && queryClient.getQueryData(userQueries.current().queryKey)) {
        refreshOnce();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopRoutes();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [router, routeChanged, queryClient, refreshUser]);
}

export function AppLayout() {
  const { t } = useLingui();
  useLayoutEffects();
  useDocumentTitle();
  return (
    <div className="app">
      <div className="background" aria-hidden="true" />
      <TopBar />
      <Header />
      <main className="main" id="main">
        <Outlet />
      </main>
      <Footer />
      <LanguageChoice />
      <Toaster
        position="bottom-right"
        duration={timings.toastMs}
        customAriaLabel={t`Messages (Alt+T)`}
        toastOptions={{ style: { background: '#202430', color: '#c6c8d1', border: 'none' } }}
      />
    </div>
  );
}
