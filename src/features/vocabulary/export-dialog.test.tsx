import { fail } from '@mocks/handlers/respond';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

const member = { user: signedIn(), homeLang: 'en', targetLang: 'de' } as const;

/** The files the page saved: each link's download name and its bytes as text, BOM included. */
let saved: { name: string; text: Promise<string> }[];
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (!blob) throw new Error(`no file at ${this.href}`);
    const text = blob.arrayBuffer().then((bytes) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
    saved.push({ name: this.download, text });
  });
});
afterEach(() => vi.restoreAllMocks());

async function openExport() {
  const { user } = await renderApp('/words', member);
  await screen.findByRole('button', { name: 'katze' });
  return user;
}

describe('exporting words from the vocabulary screen', () => {
  it('saves a CSV of the language learnt at the levels shown, named by language and day', async () => {
    const user = await openExport();
    await user.click(screen.getByRole('button', { name: /^Level 4\b/ }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export words' });
    expect(within(dialog).getByRole('radio', { name: 'CSV, for a spreadsheet' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'German only' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Only the levels shown (4)' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toMatch(/^folio-words-de-\d{4}-\d\d-\d\d\.csv$/);
    const lines = (await saved[0]?.text)?.split('\r\n') ?? [];
    expect(lines[0]).toBe('\uFEFFlanguage,word,level,meaning,note,sentence,source,added,updated,card_state,parent');
    expect(lines.slice(1, -1).map((line) => line.split(',').slice(0, 3).join(','))).toEqual(['de,brot,4', 'de,und,4']);
  });

  it('saves a JSON backup of every language, chosen by keyboard', async () => {
    const user = await openExport();
    screen.getByRole('button', { name: 'Export' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Export words' });
    await user.click(within(dialog).getByRole('radio', { name: 'JSON backup (everything, flashcards included)' }));
    await user.click(within(dialog).getByRole('radio', { name: 'All languages' }));
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toMatch(/^folio-words-all-\d{4}-\d\d-\d\d\.json$/);
    const backup = JSON.parse((await saved[0]?.text) ?? '');
    expect(backup).toMatchObject({ schema: 'folio-words', version: 1 });
    expect(backup.words.length).toBeGreaterThanOrEqual(5);
  });

  it('says why when the file cannot be made, and keeps the dialog open', async () => {
    server.use(http.get('*/api/v1/vocabulary/export', () => fail(400, 'invalid_input', 'levels must be 0 to 4')));
    const user = await openExport();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export words' });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/.+/);
    expect(saved).toEqual([]);
  });

  it('makes an Anki deck, says so while it is made, then saves it', async () => {
    const user = await openExport();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export words' });
    await user.click(within(dialog).getByRole('radio', { name: 'Anki deck (.apkg), a card for each word' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Making your Anki file');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toMatch(/^folio-words-de-\d{4}-\d\d-\d\d\.apkg$/);
    expect((await saved[0]?.text)?.startsWith('PK')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when the Anki deck could not be made, and lets the learner ask again', async () => {
    server.use(
      http.get('*/api/v1/vocabulary/exports/:exportId', ({ params }) =>
        HttpResponse.json({
          message: 'success',
          status: 200,
          details: {
            id: String(params.exportId),
            status: 'failed',
            fileName: 'folio-words-de-2026-11-28.apkg',
            expiresAt: '2026-11-28T14:00:00.000Z',
          },
        }),
      ),
    );
    const user = await openExport();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export words' });
    await user.click(within(dialog).getByRole('radio', { name: 'Anki deck (.apkg), a card for each word' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The Anki file could not be made.');
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeEnabled();
    expect(saved).toEqual([]);
  });
});
