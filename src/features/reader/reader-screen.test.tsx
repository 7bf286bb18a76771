import { mockDb, readerAccount } from '@mocks/db';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

describe('read-only reader', () => {
  it("shows the page's words", async () => {
    await renderApp('/reader/1');
    const text = await screen.findByRole('tabpanel');
    expect(text.querySelectorAll('.word').length).toBeGreaterThan(10);
    expect(within(text).getByRole('button', { name: 'Read Next' })).toBeInTheDocument();
  });

  it('lists the pages under a tab named after the page type, with capitalised titles', async () => {
    const { user } = await renderApp('/reader/1');
    await user.click(await screen.findByRole('tab', { name: 'Chapters' }));
    const list = screen.getByRole('tabpanel');
    expect(within(list).getByRole('button', { name: '1. A grey morning' })).toHaveAttribute('aria-current', 'page');
    expect(within(list).getByRole('button', { name: '3. Sun at last' })).toBeInTheDocument();
  });

  it('capitalises a title that starts lowercase after its opening punctuation, and keeps the others as written', async () => {
    mockDb().imports.push({
      username: readerAccount.username,
      record: {
        id: 4344,
        title: 'La llave',
        language: 'es',
        status: 'ready',
        contentId: 904344,
        pages: 2,
        words: 12,
        error: null,
        createdAt: new Date().toISOString(),
      },
      pages: [
        { title: '¿dónde está la llave?', text: 'La llave no está en la mesa.' },
        { title: 'Ya la tengo, dice iGor', text: 'La llave está en el bolso de Ana.' },
      ],
    });
    const { user } = await renderApp('/reader/904344', { user: signedIn(), targetLang: 'es' });
    await user.click(await screen.findByRole('tab', { name: 'Pages' }));
    const list = screen.getByRole('tabpanel');
    expect(within(list).getByRole('button', { name: '1. ¿Dónde está la llave?' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: '2. Ya la tengo, dice iGor' })).toBeInTheDocument();
  });

  it('opens a chosen page and returns to the text', async () => {
    const { user, router } = await renderApp('/reader/1');
    await user.click(await screen.findByRole('tab', { name: 'Chapters' }));
    await user.click(screen.getByRole('button', { name: '3. Sun at last' }));
    expect(await screen.findByRole('button', { name: 'Finished' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toEqual({ page: 2 });
  });

  it('returns home from the last page', async () => {
    const { user, router } = await renderApp('/reader/1?page=2');
    await user.click(await screen.findByRole('button', { name: 'Finished' }));
    await screen.findByRole('region', { name: 'Everyday Life' });
    expect(router.state.location.pathname).toBe('/');
  });
});
