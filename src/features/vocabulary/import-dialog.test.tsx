import { sqlJs } from '@mocks/anki-package';
import { findUserByEmail, readerAccount, wordsOf } from '@mocks/db';
import { fail, requireUser, wordLimitFor } from '@mocks/handlers/respond';
import { previewWordFile } from '@mocks/handlers/word-imports';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { zipSync } from 'fflate';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ankiPackage } from '@/contract/anki-package';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

const member = { user: signedIn(), homeLang: 'en', targetLang: 'de' } as const;

/**
 * The learner picks a file, and the mocks read these bytes for it: Node's FormData sends a jsdom File empty, so the
 * test hands the file's bytes to the mocks' preview itself.
 */
function fileOf(content: string | Uint8Array, name: string): File {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  server.use(
    http.post('*/api/v1/vocabulary/imports', ({ request }) => {
      const user = requireUser(request);
      return user instanceof Response ? user : previewWordFile(user, bytes, { language: 'de' });
    }),
  );
  return new File([new Uint8Array(bytes)], name, { type: 'text/csv' });
}
const luteFile = (text: string) => fileOf(text, 'lute.csv');

async function openImport() {
  const { user } = await renderApp('/words', member);
  await screen.findByRole('button', { name: 'katze' });
  await user.click(screen.getByRole('button', { name: 'Import' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import words' });
  return { user, dialog };
}

describe('importing words on the vocabulary screen', () => {
  it('previews a Lute file: what it adds and the rows it leaves out with their line and reason', async () => {
    const { user, dialog } = await openImport();
    const file = luteFile(
      'term,language,status,translation\r\nHund,German,W,dog\r\nKatze,German,I,\r\n42,German,1,\r\n',
    );
    await user.upload(within(dialog).getByLabelText('Word file'), file);
    await user.click(within(dialog).getByRole('button', { name: 'Read the file' }));
    const preview = await within(dialog).findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('Read as: Lute CSV');
    expect(within(preview).getByText('New words: 1')).toBeInTheDocument();
    expect(within(preview).getByText('Rows left out: 2')).toBeInTheDocument();
    const rows = within(within(preview).getByRole('table', { name: 'Rows left out' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      '3KatzeIgnored in Lute or LWT',
      '442Not a single word (a number, a phrase or punctuation)',
    ]);
    expect(
      within(dialog).getByRole('radio', { name: 'Keep the higher level, and fill in what they lack' }),
    ).toBeChecked();
  });

  it('counts the words a file would link to their base form, as the policy chosen links them', async () => {
    const { user, dialog } = await openImport();
    const file = luteFile('term,parent,language,status\r\nKatze,,German,2\r\nKatzen,Katze,German,1\r\n');
    await user.upload(within(dialog).getByLabelText('Word file'), file);
    await user.click(within(dialog).getByRole('button', { name: 'Read the file' }));
    const preview = await within(dialog).findByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Words linked to their base form: 1')).toBeInTheDocument();
  });

  it('says nothing of base forms for a file that names none', async () => {
    const { user, dialog } = await openImport();
    await user.upload(within(dialog).getByLabelText('Word file'), luteFile('term,language,status\nHund,German,2\n'));
    await user.click(within(dialog).getByRole('button', { name: 'Read the file' }));
    const preview = await within(dialog).findByRole('region', { name: 'Preview' });
    expect(within(preview).queryByText(/base form/)).not.toBeInTheDocument();
  });

  it('imports with the policy chosen, closes, and lists the new word', async () => {
    const { user, dialog } = await openImport();
    await user.upload(within(dialog).getByLabelText('Word file'), luteFile('term,language,status\nHund,German,2\n'));
    await user.click(within(dialog).getByRole('button', { name: 'Read the file' }));
    await within(dialog).findByRole('region', { name: 'Preview' });
    await user.click(within(dialog).getByRole('radio', { name: 'Leave them as they are: add new words only' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'hund' })).toBeInTheDocument();
  });

  it('says a file is not UTF-8 in the learner’s language', async () => {
    const { user, dialog } = await openImport();
    const latin1 = fileOf(new Uint8Array([0x74, 0x65, 0x72, 0x6d, 0x0a, 0x63, 0x61, 0x66, 0xe9]), 'words.csv');
    await user.upload(within(dialog).getByLabelText('Word file'), latin1);
    await user.click(within(dialog).getByRole('button', { name: 'Read the file' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This file is not UTF-8 text');
  });

  it('opens the word-limit dialog when the new words do not fit', async () => {
    server.use(http.post('*/api/v1/vocabulary/imports/:importId/commit', () => wordLimitFor(0)));
    const { user, dialog } = await openImport();
    await user.upload(within(dialog).getByLabelText('Word file'), luteFile('term,language,status\nHund,German,2\n'));
    await user.click(within(dialog).getByRole('button', { name: 'Read the file' }));
    await within(dialog).findByRole('region', { name: 'Preview' });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('dialog', { name: "You've Reached Your Word Limit" })).toBeInTheDocument();
  });

  it('moves the focus to the preview once the file is read', async () => {
    const { user, dialog } = await openImport();
    await user.upload(within(dialog).getByLabelText('Word file'), luteFile('term,language,status\nHund,German,2\n'));
    await user.click(within(dialog).getByRole('button', { name: 'Read the file' }));
    expect(await within(dialog).findByRole('region', { name: 'Preview' })).toHaveFocus();
  });

  it('offers no Import when the new words do not fit under the word limit', async () => {
    const reader = findUserByEmail(readerAccount.email);
    if (!reader) throw new Error('no reader');
    reader.wordLimit = wordsOf(reader).length;
    const { user, dialog } = await openImport();
    await user.upload(within(dialog).getByLabelText('Word file'), luteFile('term,language,status\nHund,German,2\n'));
    await user.click(within(dialog).getByRole('button', { name: 'Read the file' }));
    const preview = await within(dialog).findByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('alert')).toHaveTextContent('nothing will be imported');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('says the words are still being imported when another commit of the file is applying it', async () => {
    server.use(
      http.post('*/api/v1/vocabulary/imports/:importId/commit', () =>
        fail(409, 'import_in_progress', 'This import is being applied'),
      ),
    );
    const { user, dialog } = await openImport();
    await user.upload(within(dialog).getByLabelText('Word file'), luteFile('term,language,status\nHund,German,2\n'));
    await user.click(within(dialog).getByRole('button', { name: 'Read the file' }));
    await within(dialog).findByRole('region', { name: 'Preview' });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'These words are still being imported: try again in a minute',
    );
  });

  describe('an Anki package', () => {
    /** A package of one note, as Folio's own Anki export writes it (fields Word, Meaning, Sentence, Note, Level). */
    async function deckFile() {
      const tools = { sqlite: await sqlJs(), zip: (files: Record<string, Uint8Array>) => zipSync(files) };
      const words = [{ language: 'de', word: 'Hund', level: 3, meaning: 'dog', note: null, sentence: null }] as const;
      return fileOf(ankiPackage(tools, 'another learner', words, new Date('2026-11-01T00:00:00Z')), 'deck.apkg');
    }

    async function readDeck() {
      const { user, dialog } = await openImport();
      await user.upload(within(dialog).getByLabelText('Word file'), await deckFile());
      await user.click(within(dialog).getByRole('button', { name: 'Read the file' }));
      const fields = await within(dialog).findByRole('region', { name: 'Anki fields' });
      return { user, dialog, fields };
    }

    it('shows each note type with its fields and their values, the first the word and the second the meaning', async () => {
      const { fields } = await readDeck();
      const type = within(fields).getByRole('group', { name: 'Folio Word, notes: 1' });
      expect(within(type).getByLabelText('Word')).toHaveDisplayValue('Word (Hund)');
      expect(within(type).getByLabelText('Meaning')).toHaveDisplayValue('Meaning (dog)');
      expect(within(type).getByLabelText('Sentence')).toHaveDisplayValue('None');
    });

    it('says the preview is the earlier one until the package is read again with the fields changed', async () => {
      const { user, fields } = await readDeck();
      await user.selectOptions(within(fields).getByLabelText('Note'), 'Level (3)');
      expect(within(fields).getByRole('status')).toHaveTextContent('still the one read with the fields before');
    });

    it('keeps the focus on Read again while the package is read again', async () => {
      const { user, fields } = await readDeck();
      const again = within(fields).getByRole('button', { name: 'Read again with these fields' });
      await user.click(again);
      await waitFor(() => expect(again).toHaveAttribute('aria-busy', 'false'));
      expect(again).toHaveFocus();
    });
  });
});
