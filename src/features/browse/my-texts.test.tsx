import { mockDb, readerAccount } from '@mocks/db';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

/** A text of three words the reader imported earlier, ready to read. */
function storeOldNotes() {
  mockDb().imports.push({
    username: readerAccount.username,
    record: {
      id: 4242,
      title: 'Old notes',
      language: 'en',
      status: 'ready',
      contentId: 904242,
      pages: 1,
      words: 3,
      error: null,
      createdAt: new Date().toISOString(),
    },
    pages: [{ title: 'Old notes', text: 'Three little words.' }],
  });
}

describe('my texts', () => {
  it('imports a pasted text and lists it, then opens it in the reader', async () => {
    const { user, router } = await renderApp('/', { user: signedIn() });
    const section = await screen.findByRole('region', { name: 'My texts' });
    expect(await within(section).findByText(/Read what you care about/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Import' }));
    const dialog = screen.getByRole('dialog', { name: 'Import a text' });
    await user.type(within(dialog).getByLabelText('Title'), 'Harbour');
    await user.type(within(dialog).getByLabelText('Paste your text'), 'The ferry leaves at dawn.');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const card = await within(section).findByRole('link', { name: /Harbour/ }, { timeout: 5000 });
    expect(card).toHaveTextContent('1 page, 5 words');
    await user.click(card);
    await screen.findByRole('button', { name: 'Finished' });
    expect(router.state.location.pathname).toMatch(/^\/reader\/\d+$/);
    expect(screen.getByText('ferry')).toBeInTheDocument();
  });

  it('says why a text was refused, and keeps what was typed', async () => {
    const { user } = await renderApp('/', { user: signedIn() });
    const section = await screen.findByRole('region', { name: 'My texts' });
    await user.click(within(section).getByRole('button', { name: 'Import' }));
    const dialog = screen.getByRole('dialog', { name: 'Import a text' });
    await user.type(within(dialog).getByLabelText('Title'), 'Dots');
    await user.type(within(dialog).getByLabelText('Paste your text'), '... !!!');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This file cannot be imported: send a text file (.txt, .epub, .srt or .vtt) with words in it',
    );
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Dots');
  });

  it('imports a web article by its address, named after the page, and says why an address is refused', async () => {
    const { user } = await renderApp('/', { user: signedIn() });
    const section = await screen.findByRole('region', { name: 'My texts' });
    await user.click(within(section).getByRole('button', { name: 'Import' }));
    let dialog = screen.getByRole('dialog', { name: 'Import a text' });
    const address = within(dialog).getByLabelText('Or the address of a web article');
    await user.type(address, 'http://169.254.169.254/latest/meta-data/');
    expect(within(dialog).getByLabelText('Paste your text')).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This address cannot be imported: give the http or https address of a public web page',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(section).getByRole('button', { name: 'Import' }));
    dialog = screen.getByRole('dialog', { name: 'Import a text' });
    // Typed without its scheme, as people often do.
    await user.type(
      within(dialog).getByLabelText('Or the address of a web article'),
      'example.com/articles/lighthouse',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const card = await within(section).findByRole('link', { name: /The lighthouse keeper/ }, { timeout: 5000 });
    expect(card).toHaveTextContent('1 page, 89 words');
  });

  it('says it is reading the page while an article is fetched', async () => {
    let pageRead = () => {};
    const reading = new Promise<void>((resolve) => {
      pageRead = resolve;
    });
    // Held, then answered by the mock API's own handler.
    server.use(http.post('*/api/v1/imports/url', () => reading, { once: true }));
    const { user } = await renderApp('/', { user: signedIn() });
    const section = await screen.findByRole('region', { name: 'My texts' });
    await user.click(within(section).getByRole('button', { name: 'Import' }));
    const dialog = screen.getByRole('dialog', { name: 'Import a text' });
    await user.type(
      within(dialog).getByLabelText('Or the address of a web article'),
      'example.com/articles/lighthouse',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    const status = within(dialog).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Reading the page…'));
    pageRead();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes a text', async () => {
    storeOldNotes();
    const { user } = await renderApp('/', { user: signedIn() });
    const section = await screen.findByRole('region', { name: 'My texts' });
    await user.click(await within(section).findByRole('button', { name: 'Delete Old notes' }));
    await within(section).findByText(/Read what you care about/);
    expect(mockDb().imports).toHaveLength(0);
  });

  it('shows how much of a text the member knows, and a way to its new words', async () => {
    storeOldNotes();
    await renderApp('/', { user: signedIn() });
    const section = await screen.findByRole('region', { name: 'My texts' });
    const card = await within(section).findByRole('link', { name: /Old notes/ });
    await waitFor(() => expect(card).toHaveAccessibleDescription('0% known 3 new words Hard'));
    const learn = within(card.parentElement as HTMLElement).getByRole('link', { name: 'Learn these words' });
    expect(learn).toHaveAccessibleDescription('Old notes');
  });

  it('is not shown to a visitor', async () => {
    await renderApp('/');
    await screen.findAllByRole('region');
    expect(screen.queryByRole('region', { name: 'My texts' })).not.toBeInTheDocument();
  });
});
