import { I18nProvider } from '@lingui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { clearSession } from './api/account';
import { setMissingTokenHandler } from './api/client';
import { createQueryClient } from './api/query-client';
import { detectLocale } from './contract/languages';
import { activateLocale, i18n } from './i18n/i18n';
import { createAppRouter } from './router';
import { usePreferences } from './stores/preferences';

export type AppInstance = { queryClient: QueryClient; router: ReturnType<typeof createAppRouter> };

/** One app: its own QueryClient and router, so every test starts from a clean cache. */
export function createAppInstance(
  history?: Parameters<typeof createAppRouter>[1],
  options: { retry?: boolean } = {},
): AppInstance {
  const queryClient: QueryClient = createQueryClient({
    i18n,
    notifyError: (text) => toast.error(text),
    onSessionEnded: () => clearSession(queryClient),
    retry: options.retry,
  });
  setMissingTokenHandler(() => clearSession(queryClient));
  return { queryClient, router: createAppRouter(queryClient, history) };
}

export function initialLocale() {
  return usePreferences.getState().locale ?? detectLocale(navigator.languages ?? [navigator.language]);
}

function useLocaleFollowsPreference() {
  const locale = usePreferences((s) => s.locale);
  useEffect(() => {
    if (locale && locale !== i18n.locale) void activateLocale(locale);
  }, [locale]);
}

export function App({ queryClient, router }: AppInstance) {
  useLocaleFollowsPreference();
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  );
}
