import { findUserByEmail, mockDb, pagesOf, readerAccount } from '@mocks/db';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

describe('a text whose every page is finished', () => {
  beforeEach(() => {
    const reader = findUserByEmail(readerAccount.email);
    if (!reader) throw new Error('No reader account');
    pagesOf(reader).push({ contentId: 1, pageId: 2, language: 'en' });
  });

  it('opens on its finished state', async () => {
    await renderApp('/reader/1', { user: signedIn() });
    expect(await screen.findByRole('heading', { name: 'You finished The Rainy Saturday' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Text' })).not.toBeInTheDocument();
  });

  it('offers the next text of its sub-category', async () => {
    await renderApp('/reader/1', { user: signedIn() });
    expect(await screen.findByRole('link', { name: 'Next: A New Neighbour' })).toHaveAttribute('href', '/reader/2');
  });

  it('reads it again from the first page', async () => {
    const { user, router } = await renderApp('/reader/1', { user: signedIn() });
    await user.click(await screen.findByRole('link', { name: 'Read again' }));
    expect(await screen.findByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toEqual({ page: 0 });
  });

  it("names a learner's own text, which is not in the library", async () => {
    mockDb().imports.push({
      username: readerAccount.username,
      record: {
        id: 4343,
        title: 'Harbour notes',
        language: 'en',
        status: 'ready',
        contentId: 904343,
        pages: 1,
        words: 5,
        error: null,
        createdAt: new Date().toISOString(),
      },
      pages: [{ title: 'Harbour notes', text: 'The ferry leaves at dawn.' }],
    });
    const reader = findUserByEmail(readerAccount.email);
    if (!reader) throw new Error('No reader account');
    pagesOf(reader).push({ contentId: 904343, pageId: 0, language: 'en' });
    await renderApp('/reader/904343', { user: signedIn() });
    expect(await screen.findByRole('heading', { name: 'You finished Harbour notes' })).toBeInTheDocument();
  });
});
