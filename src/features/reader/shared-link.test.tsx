import { transcriptVideoId } from '@mocks/fixtures/transcript';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePreferences } from '@/stores/preferences';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

describe('a shared link to a text in another language', () => {
  it("switches the target language to the text's, keeps the home language and says so", async () => {
    await renderApp('/reader/9', { targetLang: 'en', homeLang: 'fr' });
    expect(await screen.findByRole('button', { name: 'regnet' }, { timeout: 3000 })).toBeInTheDocument();
    expect(usePreferences.getState()).toMatchObject({ targetLang: 'de', homeLang: 'fr' });
    expect(screen.getByRole('button', { name: /^Learning DE/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^I speak FR/ })).toBeInTheDocument();
    expect(await screen.findByText("Switched to this text's language. Learning: German")).toBeInTheDocument();
  });

  it('keeps home and target apart when the text is in the home language, and says so', async () => {
    await renderApp('/reader/9', { targetLang: 'en', homeLang: 'de' });
    await screen.findByRole('button', { name: 'regnet' }, { timeout: 3000 });
    expect(usePreferences.getState()).toMatchObject({ targetLang: 'de', homeLang: 'en' });
    expect(
      await screen.findByText("Switched to this text's language. Learning: German. Translations: English"),
    ).toBeInTheDocument();
  });

  it('still says the page does not exist when no library has the text', async () => {
    await renderApp('/reader/4242', { targetLang: 'en' });
    expect(await screen.findByText('This page does not exist')).toBeInTheDocument();
  });
});

describe('a link to something in another language that is only previewed (hovered)', () => {
  it('changes no language for a text', async () => {
    const { router } = await renderApp('/', { targetLang: 'en', homeLang: 'fr' });
    await router.preloadRoute({ to: '/reader/$id', params: { id: 9 } });
    expect(usePreferences.getState()).toMatchObject({ targetLang: 'en', homeLang: 'fr' });
    expect(screen.getByRole('button', { name: /^Learning EN/ })).toBeInTheDocument();
  });

  it('changes no language for a video', async () => {
    const { router } = await renderApp('/', { user: signedIn(), targetLang: 'de', homeLang: 'en' });
    await router.preloadRoute({ to: '/youtube/$id', params: { id: transcriptVideoId } });
    expect(usePreferences.getState()).toMatchObject({ targetLang: 'de', homeLang: 'en' });
    expect(screen.getByRole('button', { name: /^Learning DE/ })).toBeInTheDocument();
  });
});
