import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePreferences } from '@/stores/preferences';
import { renderApp } from '@/test/render-app';

describe('a shared link to a text in another language', () => {
  it("switches the target language to the text's and shows it", async () => {
    await renderApp('/reader/9', { targetLang: 'en', homeLang: 'fr' });
    expect(await screen.findByRole('button', { name: 'regnet' }, { timeout: 3000 })).toBeInTheDocument();
    expect(usePreferences.getState().targetLang).toBe('de');
    expect(screen.getByRole('button', { name: /^Learning DE/ })).toBeInTheDocument();
  });

  it('keeps home and target apart when the text is in the home language', async () => {
    await renderApp('/reader/9', { targetLang: 'en', homeLang: 'de' });
    await screen.findByRole('button', { name: 'regnet' }, { timeout: 3000 });
    expect(usePreferences.getState()).toMatchObject({ targetLang: 'de', homeLang: 'en' });
  });

  it('still says the page does not exist when no library has the text', async () => {
    await renderApp('/reader/4242', { targetLang: 'en' });
    expect(await screen.findByText('This page does not exist')).toBeInTheDocument();
  });
});
