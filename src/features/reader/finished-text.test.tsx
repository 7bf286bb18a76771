import { findUserByEmail, mockDb, pagesOf, readerAccount } from '@mocks/db';
import { server } from '@mocks/node';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

/** The paths the API answered 404 while `act` ran: pages the app asked for that do not exist. */
async function notFoundAnswersDuring(act: () => Promise<void>): Promise<string[]> {
  const missing: string[] = [];
  const listen = ({ request, response }: { request: Request; response: Response }) => {
    if (response.status === 404) missing.push(new URL(request.url).pathname);
  };
  server.events.on('response:mocked', listen);
  try {
    await act();
  } finally {
    server.events.removeListener('response:mocked', listen);
  }
  return missing;
}

describe('finishing the last page', () => {
  it('opens the text again on its finished state without asking for a page it does not have', async () => {
    const missing = await notFoundAnswersDuring(async () => {
      const { user, queryClient } = await renderApp('/reader/1?page=2', { user: signedIn() });
      await user.click(await screen.findByRole('button', { name: 'Finished' }));
      await waitFor(() => expect(queryClient.isMutating()).toBe(0));
      await user.click(await screen.findByRole('link', { name: /^The Rainy Saturday/ }));
      expect(await screen.findByRole('heading', { name: 'You finished The Rainy Saturday' })).toBeInTheDocument();
    });
    expect(missing).toEqual([]);
  });

  it('asks for no missing page when the text opens cold on its finished state', async () => {
    const reader = findUserByEmail(readerAccount.email);
    if (!reader) throw new Error('No reader account');
    pagesOf(reader).push({ contentId: 1, pageId: 2, language: 'en' });
    const missing = await notFoundAnswersDuring(async () => {
      await renderApp('/reader/1', { user: signedIn() });
      expect(await screen.findByRole('heading', { name: 'You finished The Rainy Saturday' })).toBeInTheDocument();
    });
    expect(missing).toEqual([]);
  });
});

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
