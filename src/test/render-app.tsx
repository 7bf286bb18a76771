import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { expect } from 'vitest';
import { writeStoredUser } from '@/api/session';
import { App, createAppInstance } from '@/app';
import type { User } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { usePreferences } from '@/stores/preferences';
import { useUi } from '@/stores/ui';

type RenderOptions = {
  user?: User;
  width?: number;
  height?: number;
  homeLang?: LearningLanguage;
  targetLang?: LearningLanguage;
  /** Render as a first visit: the language choice not yet answered. */
  firstVisit?: boolean;
  /** How long ago this browser kept the user's record (just now by default). */
  userKeptAgoMs?: number;
};

/**
 * The learner a test starts as: signed in (or a visitor), with English interface, speech off and these languages;
 * past the first visit's language choice unless `firstVisit`.
 */
export function startAs(
  options: Pick<RenderOptions, 'user' | 'homeLang' | 'targetLang' | 'firstVisit' | 'userKeptAgoMs'>,
) {
  if (options.user) writeStoredUser(options.user, Date.now() - (options.userKeptAgoMs ?? 0));
  usePreferences.setState({
    homeLang: options.homeLang ?? 'en',
    targetLang: options.targetLang ?? 'en',
    locale: 'en',
    levelsShown: true,
    speechOn: false,
    pauseOnTap: false,
    languageChoiceDone: !options.firstVisit,
  });
}

/** Renders the real route tree at a path with a fresh QueryClient; the API is msw's. */
export async function renderApp(path: string, options: RenderOptions = {}) {
  startAs(options);
  const width = options.width ?? 1280;
  const height = options.height ?? 800;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
  useUi.setState({
    burgerOpen: false,
    openMenu: null,
    selectedSubCategory: 0,
  });
  const instance = createAppInstance(createMemoryHistory({ initialEntries: [path] }), { retry: false });
  const userEvents = userEvent.setup();
  await act(async () => {
    render(<App {...instance} />);
  });
  await screen.findByRole('banner');
  // The route's own code (a lazy chunk) and data have arrived: its screen is on the page, not only the shell.
  await waitFor(() => expect(instance.router.state.status).toBe('idle'));
  return { ...instance, user: userEvents };
}
