import { findUserByEmail, mockDb, readerAccount, wordsOf, wordTimeKey } from '@mocks/db';
import { fail } from '@mocks/handlers/respond';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

// The reader's third page of text 1: "In the evening the sky is clear. Tom opens the window.", glossed into German
// ("window" is "Fenster", "the" is "der, die, das"); the member has saved "window" at level 1, not "evening".
const member = { user: signedIn(), homeLang: 'de', targetLang: 'en' } as const;

const reader = () => {
  const user = findUserByEmail(readerAccount.email);
  if (!user) throw new Error('No reader account');
  return user;
};

const storedWord = (lowercase: string) =>
  wordsOf(reader()).find((word) => word.lowercase === lowercase && word.language === 'en');

const storedMeaning = (lowercase: string) => mockDb().meanings[wordTimeKey(reader(), { lowercase, language: 'en' })];

const firstOccurrence = (lowercase: string) => {
  const element = document.querySelector<HTMLElement>(`[data-w="${lowercase}"]`);
  if (!element) throw new Error(`${lowercase} is not on the page`);
  return element;
};

const translationBox = () => screen.getByRole('region', { name: 'Translation' });

/** Opens the member's page, taps a word and presses Edit in its translation box. */
async function editWord(lowercase: string, options: { user?: typeof member.user | undefined } = {}) {
  const rendered = await renderApp('/reader/1', { ...member, user: options.user ?? member.user });
  await screen.findByRole('button', { name: 'Finished' });
  await rendered.user.click(firstOccurrence(lowercase));
  await rendered.user.click(within(translationBox()).getByRole('button', { name: 'Edit' }));
  return rendered;
}

/** The meaning call never answers until `answer` is called with what it answers. */
function holdMeaningCall() {
  let answer: (response: Response) => void = () => {};
  server.use(
    http.put(
      '*/api/v1/userword/:lang/meaning',
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    ),
  );
  return { answer: (response: Response) => answer(response) };
}

describe("a word's own meaning and note", () => {
  it('are written in a dialog from the translation box and shown there, with the dictionary below', async () => {
    const { user } = await editWord('window');
    const dialog = await screen.findByRole('dialog', { name: 'Edit window' });
    const meaning = within(dialog).getByLabelText('Your meaning');
    expect(meaning).toHaveFocus();
    await user.type(meaning, 'a glass pane');
    expect(within(dialog).getByText('12 of 200 characters')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Note'), 'Tom opens it.{Enter}Every evening.');
    expect(within(dialog).getByText('28 of 500 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const box = translationBox();
    expect(within(box).getByText('Your meaning')).toBeInTheDocument();
    expect(within(box).getByText('a glass pane')).toBeInTheDocument();
    expect(within(box).getByText('Fenster')).toHaveClass('translation-dictionary');
    expect(within(box).getByText(/Tom opens it\.\s+Every evening\./)).toHaveClass('translation-note');
    await waitFor(() =>
      expect(storedMeaning('window')).toEqual({ meaning: 'a glass pane', note: 'Tom opens it.\nEvery evening.' }),
    );
    expect(storedWord('window')?.level).toBe(1);
    expect(within(box).getByRole('button', { name: 'Edit' })).toHaveFocus();
  });

  it("offer the dictionary's senses to pick from", async () => {
    const { user } = await editWord('the');
    const dialog = await screen.findByRole('dialog', { name: 'Edit the' });
    const senses = within(dialog).getByRole('group', { name: "The dictionary's meanings" });
    expect(
      within(senses)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['der', 'die', 'das']);
    await user.click(within(senses).getByRole('button', { name: 'die' }));
    expect(within(dialog).getByLabelText('Your meaning')).toHaveValue('die');
    expect(within(senses).getByRole('button', { name: 'die' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(translationBox()).getByText('die')).toBeInTheDocument();
    await waitFor(() => expect(storedMeaning('the')).toEqual({ meaning: 'die', note: null }));
  });

  it('save an unsaved word at level 1, counted in the header', async () => {
    const { user } = await editWord('evening');
    const balances = screen.getByRole('list', { name: 'Your balances' });
    const before = member.user.wordCount;
    const dialog = await screen.findByRole('dialog', { name: 'Edit evening' });
    await user.type(within(dialog).getByLabelText('Your meaning'), 'der Abend');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(firstOccurrence('evening')).toHaveAttribute('data-level', '1');
    await within(balances).findByText(`${before + 1}/${member.user.wordLimit}`, { exact: false });
    expect(storedWord('evening')?.level).toBe(1);
  });

  it('show a note as the text it is, never as markup', async () => {
    const { user } = await editWord('window');
    const dialog = await screen.findByRole('dialog', { name: 'Edit window' });
    await user.type(within(dialog).getByLabelText('Note'), '<b>bold</b>');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(translationBox()).getByText('<b>bold</b>')).toBeInTheDocument();
    expect(translationBox().querySelector('b')).toBeNull();
  });

  it("cleared, give the word the dictionary's meaning back", async () => {
    const owner = reader();
    mockDb().meanings[wordTimeKey(owner, { lowercase: 'window', language: 'en' })] = { meaning: 'a pane', note: null };
    const { user } = await editWord('window');
    const dialog = await screen.findByRole('dialog', { name: 'Edit window' });
    const meaning = within(dialog).getByLabelText('Your meaning');
    expect(meaning).toHaveValue('a pane');
    await user.clear(meaning);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(translationBox()).queryByText('Your meaning')).not.toBeInTheDocument();
    expect(within(translationBox()).getByText('Fenster')).toHaveClass('translation-text');
    await waitFor(() => expect(storedMeaning('window')).toBeUndefined());
  });

  it('are put back visibly when the server refuses them', async () => {
    const call = holdMeaningCall();
    const { user } = await editWord('window');
    const dialog = await screen.findByRole('dialog', { name: 'Edit window' });
    await user.type(within(dialog).getByLabelText('Your meaning'), 'a glass pane');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(translationBox()).getByText('a glass pane')).toBeInTheDocument();
    call.answer(fail(503, 'unavailable', 'Service unavailable'));
    expect(await screen.findByText('The service is unavailable, please try again soon')).toBeInTheDocument();
    await waitFor(() => expect(within(translationBox()).queryByText('a glass pane')).not.toBeInTheDocument());
    expect(within(translationBox()).getByText('Fenster')).toBeInTheDocument();
  });

  it('open the word limit dialog for a new word past the limit, and unsave it again', async () => {
    const call = holdMeaningCall();
    const { user } = await editWord('evening');
    const dialog = await screen.findByRole('dialog', { name: 'Edit evening' });
    await user.type(within(dialog).getByLabelText('Your meaning'), 'der Abend');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(firstOccurrence('evening')).toHaveAttribute('data-level', '1');
    call.answer(
      HttpResponse.json(
        {
          message: 'Forbidden',
          status: 403,
          details: [{ error: "You've Reached Your Word Limit", code: 'word_limit' }],
        },
        { status: 403 },
      ),
    );
    expect(await screen.findByRole('dialog', { name: "You've Reached Your Word Limit" })).toBeInTheDocument();
    expect(firstOccurrence('evening')).toHaveAttribute('data-level', '0');
    expect(within(translationBox()).queryByText('der Abend')).not.toBeInTheDocument();
    expect(storedWord('evening')).toBeUndefined();
  });

  it('are saved with Enter in the meaning field', async () => {
    const { user } = await editWord('window');
    const dialog = await screen.findByRole('dialog', { name: 'Edit window' });
    await user.type(within(dialog).getByLabelText('Your meaning'), 'a pane{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(translationBox()).getByText('a pane')).toBeInTheDocument();
  });

  it('send nothing when nothing changed', async () => {
    const { user } = await editWord('window');
    const dialog = await screen.findByRole('dialog', { name: 'Edit window' });
    let asked = false;
    server.use(
      http.put('*/api/v1/userword/:lang/meaning', () => {
        asked = true;
        return fail(503, 'unavailable', 'Service unavailable');
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(asked).toBe(false);
  });

  it('are closed without saving by Cancel or Escape', async () => {
    const { user } = await editWord('window');
    const dialog = await screen.findByRole('dialog', { name: 'Edit window' });
    await user.type(within(dialog).getByLabelText('Your meaning'), 'a pane');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(translationBox()).queryByText('a pane')).not.toBeInTheDocument();
    expect(storedMeaning('window')).toBeUndefined();
  });

  it("are a member's: Edit offers a visitor an account", async () => {
    const rendered = await renderApp('/reader/1', { homeLang: 'de', targetLang: 'en' });
    const [the] = await screen.findAllByRole('button', { name: 'the' });
    if (!the) throw new Error('no "the" on the page');
    await rendered.user.click(the);
    await rendered.user.click(within(translationBox()).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'You are not logged in' })).toBeInTheDocument();
  });
});
