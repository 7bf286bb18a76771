import { findUserByEmail, pagesOf, readerAccount } from '@mocks/db';
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
});
