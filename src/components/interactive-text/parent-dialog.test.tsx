import { findUserByEmail, mockDb, readerAccount, wordsOf, wordTimeKey } from '@mocks/db';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFamilyLevels } from '@/stores/family-levels';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';
import { familyOf, wholeFamilyOf } from './family-level-offer';

// The reader's third page of text 1: "In the evening the sky is clear. Tom opens the window."; the member has saved
// "window" at level 1.
const member = { user: signedIn(), homeLang: 'de', targetLang: 'en' } as const;

const reader = () => {
  const user = findUserByEmail(readerAccount.email);
  if (!user) throw new Error('No reader account');
  return user;
};

const key = (lowercase: string) => wordTimeKey(reader(), { lowercase, language: 'en' });

const firstOccurrence = (lowercase: string) => {
  const element = document.querySelector<HTMLElement>(`[data-w="${lowercase}"]`);
  if (!element) throw new Error(`${lowercase} is not on the page`);
  return element;
};

const translationBox = () => screen.getByRole('region', { name: 'Translation' });

/** Opens the member's page and taps a word. */
async function tapWord(lowercase: string) {
  const rendered = await renderApp('/reader/1', member);
  await screen.findByRole('button', { name: 'Finished' });
  await rendered.user.click(firstOccurrence(lowercase));
  return rendered;
}

/** Taps a word and presses Base form in its translation box. */
async function openParentStep(lowercase: string) {
  const rendered = await tapWord(lowercase);
  await rendered.user.click(within(translationBox()).getByRole('button', { name: /^Base form/ }));
  const dialog = await screen.findByRole('dialog', { name: `Base form of ${lowercase}` });
  return { ...rendered, dialog };
}

/** "opens" saved at level 2 and linked to "window" (a family made up for the test). */
function linkOpensToWindow() {
  wordsOf(reader()).push({ lowercase: 'opens', level: 2, language: 'en' });
  mockDb().parents[key('opens')] = 'window';
}

describe("the translation box's parent step", () => {
  it('suggests the base form of the rules, and links the word to it', async () => {
    const { user, dialog } = await openParentStep('opens');
    expect(within(dialog).getByRole('button', { name: 'open' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByLabelText('Base form')).toHaveValue('open');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(translationBox()).getByRole('button', { name: 'Base form: open' })).toBeInTheDocument();
    expect(mockDb().parents[key('opens')]).toBe('open');
    expect(wordsOf(reader()).find((word) => word.lowercase === 'open')?.level).toBe(1);
  });

  it("suggests the dictionary's base form of an irregular word, which the rules do not know", async () => {
    const { user, dialog } = await openParentStep('is');
    expect(await within(dialog).findByRole('button', { name: 'be' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByLabelText('Base form')).toHaveValue('be');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));

    await waitFor(() => expect(mockDb().parents[key('is')]).toBe('be'));
  });

  it("shows the dictionary's base form apart from the rules' suggestions, as the dictionary's", async () => {
    const { dialog } = await openParentStep('is');
    const fromDictionary = await within(dialog).findByRole('group', { name: 'From the dictionary' });
    expect(within(fromDictionary).getByRole('button', { name: 'be' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Suggestions' })).not.toBeInTheDocument();
  });

  it('links the word to another word the learner writes', async () => {
    const { user, dialog } = await openParentStep('opens');
    const field = within(dialog).getByLabelText('Base form');
    await user.clear(field);
    await user.type(field, 'Window{Enter}');

    await waitFor(() => expect(mockDb().parents[key('opens')]).toBe('window'));
    expect(within(translationBox()).getByRole('button', { name: 'Base form: window' })).toBeInTheDocument();
  });

  it("shows the parent's meaning for a word without its own", async () => {
    linkOpensToWindow();
    mockDb().meanings[key('window')] = { meaning: 'a glass pane', note: null };
    await tapWord('opens');

    const box = translationBox();
    expect(within(box).getByText('a glass pane')).toBeInTheDocument();
    expect(within(box).getByText('window')).toHaveClass('translation-hint');
  });

  it('says why a cycle of parents is refused, and keeps the dialog open', async () => {
    linkOpensToWindow();
    const { user, dialog } = await openParentStep('window');
    const field = within(dialog).getByLabelText('Base form');
    await user.clear(field);
    await user.type(field, 'opens');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That word already has this one as its base form, directly or through others',
    );
    expect(mockDb().parents[key('window')]).toBeUndefined();
  });

  it('unlinks a word from its parent', async () => {
    linkOpensToWindow();
    const { user, dialog } = await openParentStep('opens');
    expect(within(dialog).getByLabelText('Base form')).toHaveValue('window');
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(translationBox()).getByRole('button', { name: 'Base form' })).toBeInTheDocument();
    expect(mockDb().parents[key('opens')]).toBeUndefined();
  });

  it('is closed without linking by Escape', async () => {
    const { user } = await openParentStep('opens');
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mockDb().parents[key('opens')]).toBeUndefined();
  });
});

const storedLevel = (lowercase: string) =>
  wordsOf(reader()).find((word) => word.lowercase === lowercase && word.language === 'en')?.level;

describe('a level given to a word with a parent', () => {
  it('is offered to its family, and the whole family takes it', async () => {
    useFamilyLevels.setState({ choice: 'ask' });
    linkOpensToWindow();
    const { user } = await tapWord('opens');
    await user.keyboard('3');

    const offer = await screen.findByRole('dialog', { name: 'Give level 3 to its family too?' });
    expect(within(offer).getByText('window')).toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'The whole family' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(storedLevel('window')).toBe(3));
    expect(storedLevel('opens')).toBe(3);
    expect(useFamilyLevels.getState().choice).toBe('ask');
  });

  it("reaches the family's words no open text holds", async () => {
    useFamilyLevels.setState({ choice: 'ask' });
    linkOpensToWindow();
    wordsOf(reader()).push({ lowercase: 'opened', level: 1, language: 'en' });
    mockDb().parents[key('opened')] = 'window';
    const { user } = await tapWord('opens');
    await user.keyboard('3');

    const offer = await screen.findByRole('dialog', { name: 'Give level 3 to its family too?' });
    expect(within(offer).getByText('opened')).toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'The whole family' }));
    await waitFor(() => expect(storedLevel('opened')).toBe(3));
    expect(storedLevel('window')).toBe(3);
  });

  it('stays with the word alone when asked so, and the answer kept is not asked again', async () => {
    useFamilyLevels.setState({ choice: 'ask' });
    linkOpensToWindow();
    const { user } = await tapWord('opens');
    await user.keyboard('3');
    const offer = await screen.findByRole('dialog', { name: 'Give level 3 to its family too?' });
    await user.click(within(offer).getByRole('checkbox', { name: 'Remember my answer' }));
    await user.click(within(offer).getByRole('button', { name: 'Only this word' }));

    expect(useFamilyLevels.getState().choice).toBe('never');
    await user.keyboard('2');
    await waitFor(() => expect(storedLevel('opens')).toBe(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(storedLevel('window')).toBe(1);
  });

  it('goes to the whole family without asking when the learner chose always', async () => {
    useFamilyLevels.setState({ choice: 'always' });
    linkOpensToWindow();
    const { user } = await tapWord('opens');
    await user.keyboard('4');

    await waitFor(() => expect(storedLevel('window')).toBe(4));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is chosen in the parent step', async () => {
    useFamilyLevels.setState({ choice: 'ask' });
    const { user, dialog } = await openParentStep('opens');
    await user.selectOptions(
      within(dialog).getByLabelText('When a word of a family gets a level'),
      'Give it to the whole family',
    );

    expect(useFamilyLevels.getState().choice).toBe('always');
  });
});

describe("a word's family as a text knows it", () => {
  const went = { lowercase: 'went', level: 3, language: 'en' } as const;
  const saved = [
    { lowercase: 'went', level: 2, language: 'en', parent: 'go' },
    { lowercase: 'go', level: 1, language: 'en' },
    { lowercase: 'gone', level: 1, language: 'en', parent: 'go' },
    { lowercase: 'goes', level: 3, language: 'en', parent: 'go' },
    { lowercase: 'wents', level: 0, language: 'en', parent: 'went' },
    { lowercase: 'ran', level: 1, language: 'en', parent: 'run' },
  ] as const;

  it("is the parent, the parent's other children and the word's own, but those already at the level", () => {
    expect(familyOf(went, 'go', saved).map((word) => word.lowercase)).toEqual(['go', 'gone', 'wents']);
  });

  it('is the parent alone when the text holds no other word of the family', () => {
    expect(familyOf(went, 'go', [])).toEqual([{ lowercase: 'go', level: 3, language: 'en' }]);
  });
});

describe("a word's whole family as the server answers it", () => {
  const went = { lowercase: 'went', level: 3, language: 'en' } as const;

  it('is every other word of the family but those already at the level, each given the level', () => {
    const family = [
      { lowercase: 'go', level: 1, language: 'en', parent: null },
      { lowercase: 'goes', level: 3, language: 'en', parent: 'go' },
      { lowercase: 'going', level: 0, language: 'en', parent: 'goes' },
      { lowercase: 'went', level: 2, language: 'en', parent: 'go' },
    ] as const;
    expect(wholeFamilyOf(went, family)).toEqual([
      { lowercase: 'go', level: 3, language: 'en' },
      { lowercase: 'going', level: 3, language: 'en' },
    ]);
  });
});
