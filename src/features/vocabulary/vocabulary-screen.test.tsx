import { findUserByEmail, mockDb, readerAccount, wordsOf, wordTimeKey } from '@mocks/db';
import { fail } from '@mocks/handlers/respond';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

const member = { user: signedIn(), homeLang: 'en', targetLang: 'de' } as const;

/** The listed words, top to bottom. */
const listed = () =>
  [...document.querySelectorAll<HTMLElement>('.vocabulary-list [data-w]')].map((word) => word.dataset.w);

const row = (lowercase: string) => {
  const paragraph = document.querySelector(`.vocabulary-list [data-w="${lowercase}"]`)?.closest('p');
  if (!(paragraph instanceof HTMLElement)) throw new Error(`${lowercase} is not listed`);
  return paragraph;
};

const reader = () => {
  const user = findUserByEmail(readerAccount.email);
  if (!user) throw new Error('No reader account');
  return user;
};

const stored = (lowercase: string) =>
  wordsOf(reader()).find((word) => word.lowercase === lowercase && word.language === 'de');

const wordCount = () => screen.getByRole('listitem', { name: 'Words saved of your word limit' });

async function openWords() {
  const rendered = await renderApp('/words', member);
  await screen.findByRole('button', { name: 'katze' });
  return rendered;
}

describe('the vocabulary screen', () => {
  it("lists a member's saved words of the language learnt, last changed first, each with its level, meaning, occurrences and change", async () => {
    await openWords();
    expect(screen.getByRole('heading', { level: 1, name: 'Words' })).toBeInTheDocument();
    expect(screen.getByText('5 words saved')).toBeInTheDocument();
    expect(listed()).toEqual(['katze', 'regen', 'fenster', 'brot', 'und']);
    expect(screen.getByRole('button', { name: 'katze' })).toHaveAttribute('data-level', '2');
    expect(screen.getByRole('button', { name: 'und' })).toHaveAttribute('data-level', '4');
    const katze = row('katze');
    expect(within(katze).getByText('cat')).toBeInTheDocument();
    expect(within(katze).getByText(/^\d+ times?$/)).toBeInTheDocument();
    expect(katze.querySelector('time')).toHaveAttribute('dateTime', expect.stringMatching(/^\d{4}-/));
    expect(screen.getByRole('button', { name: /^Level 4\b/ })).toHaveTextContent(/2$/);
    expect(screen.getByRole('button', { name: /^Level 0\b/ })).toHaveTextContent(/0$/);
  });

  it("says a row's counts and date are in the interface's language, its word and meaning in their own", async () => {
    await openWords();
    const katze = row('katze');
    expect(
      within(katze)
        .getByText(/^\d+ times?$/)
        .closest('[lang]'),
    ).toHaveAttribute('lang', 'en');
    expect(katze.querySelector('time')).toHaveAttribute('lang', 'en');
    expect(within(katze).getByRole('button', { name: 'katze' }).closest('[lang]')).toHaveAttribute('lang', 'de');
  });

  it('shows a word as the sentence it was saved in writes it: a German noun keeps its capital', async () => {
    mockDb().contexts[wordTimeKey(reader(), { language: 'de', lowercase: 'katze' })] = {
      sentence: 'Jonas bleibt mit seiner Katze zu Hause.',
      source: { contentId: 1, pageId: 0 },
    };
    await renderApp('/words', member);
    const katze = await screen.findByRole('button', { name: 'Katze' });
    expect(katze).toHaveAttribute('data-w', 'katze');
    expect(screen.getByRole('button', { name: 'regen' })).toBeInTheDocument();
  });

  it("names a row's checkbox by its word as the row writes it", async () => {
    mockDb().contexts[wordTimeKey(reader(), { language: 'de', lowercase: 'katze' })] = {
      sentence: 'Jonas bleibt mit seiner Katze zu Hause.',
      source: { contentId: 1, pageId: 0 },
    };
    await renderApp('/words', member);
    await screen.findByRole('button', { name: 'Katze' });
    expect(screen.getByRole('checkbox', { name: 'Katze' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'katze' })).not.toBeInTheDocument();
  });

  it('is reached from the header', async () => {
    const { user } = await renderApp('/', member);
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    await user.click(within(nav).getByRole('link', { name: 'Words' }));
    expect(await screen.findByRole('button', { name: 'katze' })).toBeInTheDocument();
  });

  it('shows only the levels pressed, several at once', async () => {
    const { user } = await openWords();
    const known = screen.getByRole('button', { name: /^Level 4\b/ });
    await user.click(known);
    expect(known).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(listed()).toEqual(['brot', 'und']));
    expect(screen.getByText('2 words match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Level 1\b/ }));
    await waitFor(() => expect(listed()).toEqual(['regen', 'brot', 'und']));
  });

  it('searches as the learner types, whatever the case', async () => {
    const { user } = await openWords();
    await user.type(screen.getByLabelText('Search'), 'FEN');
    await waitFor(() => expect(listed()).toEqual(['fenster']));
    expect(screen.getByText('1 word matches')).toBeInTheDocument();
  });

  it('says when no saved word matches', async () => {
    const { user } = await openWords();
    await user.type(screen.getByLabelText('Search'), 'zzz');
    expect(await screen.findByText('No saved word matches.')).toBeInTheDocument();
    expect(listed()).toEqual([]);
  });

  it('orders the words A–Z', async () => {
    const { user } = await openWords();
    await user.selectOptions(screen.getByLabelText('Sort'), 'A–Z');
    await waitFor(() => expect(listed()).toEqual(['brot', 'fenster', 'katze', 'regen', 'und']));
  });

  it("opens a word's translation box with its meaning when it is tapped", async () => {
    const { user } = await openWords();
    await user.click(screen.getByRole('button', { name: 'fenster' }));
    const box = screen.getByRole('region', { name: 'Translation' });
    expect(within(box).getByText('fenster')).toBeInTheDocument();
    expect(within(box).getByText('window')).toBeInTheDocument();
  });

  it("shows a learner's own meaning and note in its row and its translation box, the dictionary's below", async () => {
    mockDb().meanings[wordTimeKey(reader(), { lowercase: 'regen', language: 'de' })] = {
      meaning: 'drizzle',
      note: 'April\nand May',
    };
    const { user } = await openWords();
    const regen = row('regen');
    expect(within(regen).getByText('drizzle')).toHaveAttribute('data-own');
    expect(within(regen).getByText(/^April\s+and May$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'regen' }));
    const box = screen.getByRole('region', { name: 'Translation' });
    expect(within(box).getByText('Your meaning')).toBeInTheDocument();
    expect(within(box).getByText('drizzle')).toBeInTheDocument();
    expect(await within(box).findByText('rain')).toHaveClass('translation-dictionary');
  });

  it('shows a meaning written in the translation box in its row at once', async () => {
    const { user } = await openWords();
    await user.click(screen.getByRole('button', { name: 'katze' }));
    await user.click(within(screen.getByRole('region', { name: 'Translation' })).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit katze' });
    await user.type(within(dialog).getByLabelText('Your meaning'), 'kitty');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(row('katze')).getByText('kitty')).toHaveAttribute('data-own');
    expect(within(row('katze')).queryByText('cat')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(mockDb().meanings[wordTimeKey(reader(), { lowercase: 'katze', language: 'de' })]?.meaning).toBe('kitty'),
    );
  });

  it("changes a word's level with a key, through the reader's save queue, and the counts follow", async () => {
    const { user } = await openWords();
    const katze = screen.getByRole('button', { name: 'katze' });
    await user.click(katze);
    await user.keyboard('4');
    expect(katze).toHaveAttribute('data-level', '4');
    await waitFor(() => expect(stored('katze')?.level).toBe(4));
    expect(screen.getByRole('button', { name: /^Level 4\b/ })).toHaveTextContent(/3$/);
    expect(screen.getByRole('button', { name: /^Level 2\b/ })).toHaveTextContent(/0$/);
  });

  it('puts a level the server refused back, and says why', async () => {
    server.use(http.post('*/api/v1/userword', () => fail(503, 'unavailable', 'Service unavailable')));
    const { user } = await openWords();
    const katze = screen.getByRole('button', { name: 'katze' });
    await user.click(katze);
    await user.keyboard('3');
    expect(await screen.findByText('The service is unavailable, please try again soon')).toBeInTheDocument();
    await waitFor(() => expect(katze).toHaveAttribute('data-level', '2'));
    expect(stored('katze')?.level).toBe(2);
  });

  it('ticks a checkbox with the space bar', async () => {
    const { user } = await openWords();
    screen.getByRole('checkbox', { name: 'brot' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'brot' })).toBeChecked();
    expect(within(screen.getByRole('region', { name: 'Selected words' })).getByText('1 selected')).toBeInTheDocument();
  });

  it('sets the level of the words selected', async () => {
    const { user } = await openWords();
    await user.click(screen.getByRole('checkbox', { name: 'regen' }));
    await user.click(screen.getByRole('checkbox', { name: 'fenster' }));
    const bar = screen.getByRole('region', { name: 'Selected words' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(within(bar).getByRole('group', { name: 'Set level' })).getByRole('button', { name: '4' }));
    expect(screen.getByRole('button', { name: 'regen' })).toHaveAttribute('data-level', '4');
    expect(screen.getByRole('button', { name: 'fenster' })).toHaveAttribute('data-level', '4');
    await waitFor(() => expect([stored('regen')?.level, stored('fenster')?.level]).toEqual([4, 4]));
  });

  it('removes two selected words after asking, and the header counts them off', async () => {
    const { user } = await openWords();
    expect(wordCount()).toHaveTextContent(/7\/100$/);
    await user.click(screen.getByRole('checkbox', { name: 'regen' }));
    await user.click(screen.getByRole('checkbox', { name: 'brot' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove 2 words?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(listed()).toEqual(['katze', 'fenster', 'und']);
    expect(screen.getByText('3 words saved')).toBeInTheDocument();
    expect(wordCount()).toHaveTextContent(/5\/100$/);
    await waitFor(() => expect([stored('regen'), stored('brot')]).toEqual([undefined, undefined]));
    expect(wordCount()).toHaveTextContent(/5\/100$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Words' })).toHaveFocus();
  });

  it('puts back the words of a refused removal and their count, and says why', async () => {
    server.use(http.post('*/api/v1/vocabulary/:lang/change', () => fail(500, 'internal', 'Internal error')));
    const { user } = await openWords();
    await user.click(screen.getByRole('checkbox', { name: 'regen' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Something went wrong on our side, please try again')).toBeInTheDocument();
    await waitFor(() => expect(listed()).toEqual(['katze', 'regen', 'fenster', 'brot', 'und']));
    expect(screen.getByRole('button', { name: 'regen' })).toHaveAttribute('data-level', '1');
    expect(wordCount()).toHaveTextContent(/7\/100$/);
    expect(stored('regen')?.level).toBe(1);
  });

  it('loads the next page with Load more', async () => {
    const words = wordsOf(reader());
    for (let index = 0; index < 60; index++) words.push({ lowercase: `wort${index}`, level: 1, language: 'de' });
    const { user } = await renderApp('/words', member);
    await waitFor(() => expect(listed()).toHaveLength(50));
    expect(screen.getByText('65 words saved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(listed()).toHaveLength(65));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('tells a member without saved words how to save some', async () => {
    await renderApp('/words', { user: signedIn('admin'), homeLang: 'en', targetLang: 'de' });
    expect(await screen.findByText(/^No words saved yet\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find something to read' })).toHaveAttribute('href', '/');
  });

  it('asks for its first page once as it opens, however early the route asked', async () => {
    const asked: string[] = [];
    const listen = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
    server.events.on('request:start', listen);
    try {
      await openWords();
      expect(asked.filter((path) => path === '/api/v1/vocabulary/de')).toHaveLength(1);
      expect(asked.filter((path) => path === '/api/v1/progress/de')).toHaveLength(1);
    } finally {
      server.events.removeListener('request:start', listen);
    }
  });

  it('offers a visitor an account instead, asking for no list', async () => {
    const asked: string[] = [];
    const listen = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
    server.events.on('request:start', listen);
    try {
      await renderApp('/words');
      expect(screen.getByRole('heading', { name: 'Keep every word you learn' })).toBeInTheDocument();
      expect(within(screen.getByRole('main')).getByRole('link', { name: 'Register for free' })).toHaveAttribute(
        'href',
        '/signup',
      );
      expect(
        asked.filter((path) => path.startsWith('/api/v1/vocabulary') || path.startsWith('/api/v1/progress')),
      ).toEqual([]);
    } finally {
      server.events.removeListener('request:start', listen);
    }
  });
});

/** "regen" and "und" under "katze", a family made up for the test. */
function linkUnderKatze() {
  const { parents } = mockDb();
  parents[wordTimeKey(reader(), { language: 'de', lowercase: 'regen' })] = 'katze';
  parents[wordTimeKey(reader(), { language: 'de', lowercase: 'und' })] = 'katze';
}

describe('the vocabulary screen grouped by family', () => {
  it('lists the words without a parent, each with the words below it and their levels', async () => {
    linkUnderKatze();
    const { user } = await renderApp('/words', member);
    await screen.findByRole('button', { name: 'katze' });
    await user.click(screen.getByRole('checkbox', { name: 'Group by family' }));

    await screen.findByText('3 words match');
    expect(listed()).toEqual(['katze', 'fenster', 'brot']);
    const family = row('katze').querySelector('.vocabulary-family');
    expect(family).toHaveTextContent(/^Family:\s+regen\s+und$/);
    expect(within(row('katze')).getByText('und')).toHaveAttribute('data-level', '4');
  });

  it('keeps the grouping in the address, and lists every word again without it', async () => {
    linkUnderKatze();
    const { user } = await renderApp('/words?family=true', member);
    await screen.findByRole('button', { name: 'katze' });
    expect(screen.getByRole('checkbox', { name: 'Group by family' })).toBeChecked();
    expect(listed()).toEqual(['katze', 'fenster', 'brot']);

    await user.click(screen.getByRole('checkbox', { name: 'Group by family' }));
    await screen.findByText('5 words saved');
    expect(listed()).toEqual(['katze', 'regen', 'fenster', 'brot', 'und']);
    expect(within(row('katze')).queryByText('Family:')).not.toBeInTheDocument();
  });
});

describe('the vocabulary screen, phrases only', () => {
  it('lists only the saved phrases and counts them, and every word again without the filter', async () => {
    wordsOf(reader()).push({ lowercase: 'zum beispiel', level: 3, language: 'de' });
    const { user } = await openWords();
    await user.click(screen.getByRole('checkbox', { name: 'Phrases only' }));

    await screen.findByText('1 word matches');
    expect(listed()).toEqual(['zum beispiel']);
    await user.click(screen.getByRole('checkbox', { name: 'Phrases only' }));
    await screen.findByText('6 words saved');
    expect(listed()).toContain('katze');
  });
});
