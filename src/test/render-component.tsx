import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, type ReactNode } from 'react';
import { createAppInstance } from '@/app';
import type { User } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { i18n } from '@/i18n/i18n';
import { startAs } from './render-app';

/**
 * One component with the app's providers and a fresh QueryClient, for what the route tree cannot host in jsdom
 * (the video player's embed needs a real browser; the journeys cover it).
 */
export async function renderComponent(
  ui: ReactNode,
  options: { user?: User; homeLang?: LearningLanguage; targetLang?: LearningLanguage } = {},
) {
  startAs(options);
  const { queryClient } = createAppInstance(undefined, { retry: false });
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </I18nProvider>,
    );
  });
  return { queryClient, user: userEvent.setup() };
}
