import { findUserByEmail, mockDb, pagesOf, readerAccount, wordsOf, wordTimeKey } from '@mocks/db';
import { fail } from '@mocks/handlers/respond';
import { server } from '@mocks/node';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePreferences } from '@/stores/preferences';
import { signedIn, storedLevel } from '@/test/accounts';
import { renderApp } from '@/test/render-app';
import { stubViewportFirstOnScreen } from '@/test/viewport-stub';

const member = { user: signedIn(), homeLang: 'de', targetLang: 'en' } as const;

function occurrences(lowercase: string) {
  return [...document.querySelectorAll<HTMLElement>(`[data-w="${lowercase}"]`)];
}

/** Opens another page of the text through its list of pages, as a learner would. */
async function openPageNumber(user: Awaited<ReturnType<typeof renderApp>>['user'], number: number) {
  await user.click(screen.getByRole('tab', { name: 'Chapters' }));
  await user.click(screen.getByRole('button', { name: new RegExp(`^${number}\\. `) }));
  await screen.findByRole('button', { name: number === 3 ? 'Finished' : 'Read Next' });
}

/** From now on the page levels' call never answers: what the reader shows comes from its cache. */
function levelsNeverAnswer() {
  server.use(http.get('*/api/v1/userword/page/:lang/:content/:page', () => new Promise<never>(() => {})));
}

/**
 * Opens the member's page (the third), then the first, then the third again, so both are cached, and presses a
 * level key on "the" there (a word of both pages). Answers the user and the word's element.
 */
async function levelTheWithFirstPageCached(key: string) {
  const { user } = await openMemberPage();
  await openPageNumber(user, 1);
  await openPageNumber(user, 3);
  const [the] = occurrences('the');
  if (!the) throw new Error('no the');
  await user.click(the);
  await user.keyboard(key);
  return { user, the };
}

/** Every occurrence of "the" on the page shown (at least one) has this level. */
function expectEveryTheAt(level: string) {
  expect(occurrences('the').length).toBeGreaterThan(0);
  for (const element of occurrences('the')) expect(element).toHaveAttribute('data-level', level);
}

async function openMemberPage() {
  const rendered = await renderApp('/reader/1', member);
  await screen.findByRole('button', { name: 'Finished' });
  return rendered;
}

describe('the member reader', () => {
  it('opens the page after the highest one finished', async () => {
    await openMemberPage();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('In the evening the sky is clear.');
  });

  it('counts a newly saved word in the header once, however often its level changes', async () => {
    const { user } = await openMemberPage();
    const balances = screen.getByRole('list', { name: 'Your balances' });
    const before = member.user.wordCount;
    expect(within(balances).getByText(`${before}/${member.user.wordLimit}`, { exact: false })).toBeInTheDocument();
    const fresh = [...document.querySelectorAll<HTMLElement>('[data-w]')].find(
      (element) => storedLevel(element.dataset.w ?? '') === undefined,
    );
    if (!fresh) throw new Error('no unsaved word on the page');
    await user.click(fresh);
    await user.keyboard('2');
    await within(balances).findByText(`${before + 1}/${member.user.wordLimit}`, { exact: false });
    await user.keyboard('3');
    await waitFor(() => expect(storedLevel(fresh.dataset.w ?? '')).toBe(3));
    expect(within(balances).getByText(`${before + 1}/${member.user.wordLimit}`, { exact: false })).toBeInTheDocument();
  });

  it("leaves a word's level alone while a menu is open over the text", async () => {
    const { user } = await openMemberPage();
    const saved = occurrences('window')[0] as HTMLElement;
    await user.click(saved);
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    await user.keyboard('3');
    expect(occurrences('window')[0]).toHaveAttribute('data-level', '1');
    await user.keyboard('{Escape}');
    await user.keyboard('3');
    await waitFor(() => expect(storedLevel('window')).toBe(3));
    expect(occurrences('window')[0]).toHaveAttribute('data-level', '3');
  });

  it("asks for the levels of the page's words only, never for the learner's whole word list", async () => {
    const asked: string[] = [];
    const listen = ({ request }: { request: Request }) => {
      if (request.method === 'GET') asked.push(new URL(request.url).pathname);
    };
    server.events.on('request:start', listen);
    try {
      await openMemberPage();
      await waitFor(() => expect(occurrences('window')[0]).toHaveAttribute('data-level', '1'));
    } finally {
      server.events.removeListener('request:start', listen);
    }
    expect(asked).toContain('/api/v1/userword/page/en/1/2');
    expect(asked).not.toContain('/api/v1/userword');
  });

  it('shows a level set on one page on every page already opened that holds the word', async () => {
    const { user } = await levelTheWithFirstPageCached('4');
    await waitFor(() => expect(storedLevel('the')).toBe(4));
    levelsNeverAnswer();
    await openPageNumber(user, 1);
    expectEveryTheAt('4');
  });

  it('shows on the next page a level changed meanwhile on another device', async () => {
    const { user } = await openMemberPage();
    await openPageNumber(user, 1);
    await openPageNumber(user, 3);
    const reader = findUserByEmail(readerAccount.email);
    if (!reader) throw new Error('no reader');
    wordsOf(reader).push({ lowercase: 'the', level: 3, language: 'en' });
    await openPageNumber(user, 1);
    await waitFor(() => expectEveryTheAt('3'));
  });

  it('puts a refused level back on the other pages already opened too', async () => {
    server.use(http.post('*/api/v1/userword', () => fail(403, 'word_limit', "You've Reached Your Word Limit")));
    const { user, the } = await levelTheWithFirstPageCached('2');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(the).toHaveAttribute('data-level', '0');
    await user.keyboard('{Escape}');
    levelsNeverAnswer();
    await openPageNumber(user, 1);
    expectEveryTheAt('0');
  });

  it('colours saved words by level', async () => {
    await openMemberPage();
    await waitFor(() => expect(occurrences('window')[0]).toHaveAttribute('data-level', '1'));
    expect(occurrences('evening')[0]).toHaveAttribute('data-level', '0');
  });

  it('shows the tapped word and its translation, and deselects it on a second tap', async () => {
    const { user } = await openMemberPage();
    const cat = occurrences('cat')[0];
    if (!cat) throw new Error('no cat');
    await user.click(cat);
    const box = screen.getByRole('region', { name: 'Translation' });
    expect(within(box).getByText('cat')).toBeInTheDocument();
    expect(await within(box).findByText(/Katze/)).toBeInTheDocument();
    expect(cat).toHaveAttribute('data-selected');
    await user.click(cat);
    expect(cat).not.toHaveAttribute('data-selected');
    expect(within(box).getByText('Tap a word to see its translation.')).toBeInTheDocument();
  });

  it('translates on demand a word the page translations lack', async () => {
    server.use(
      http.get('*/api/v1/translations/:c/:p/:h/:t', () =>
        HttpResponse.json({ message: 'success', status: 200, details: [] }),
      ),
    );
    const { user } = await openMemberPage();
    const [cat] = occurrences('cat');
    if (!cat) throw new Error('no cat');
    await user.click(cat);
    expect(await screen.findByText(/Katze/)).toBeInTheDocument();
  });

  it('says a word has no translation, and only for that word', async () => {
    server.use(
      http.get('*/api/v1/translations/:c/:p/:h/:t', () =>
        HttpResponse.json({ message: 'success', status: 200, details: [] }),
      ),
      http.post('*/api/v1/translation', async ({ request }) => {
        const body = (await request.clone().json()) as { lowerCase: string };
        if (body.lowerCase !== 'cat') return undefined;
        return fail(404, 'no_translation', 'No translation found for this word');
      }),
    );
    const { user } = await openMemberPage();
    const [cat] = occurrences('cat');
    const [sky] = occurrences('sky');
    if (!cat || !sky) throw new Error('no cat or sky');
    const box = screen.getByRole('region', { name: 'Translation' });
    await user.click(cat);
    expect(await within(box).findByText('No translation found for this word')).toBeInTheDocument();
    await user.click(sky);
    expect(await within(box).findByText(/Himmel/)).toBeInTheDocument();
    expect(within(box).queryByText('No translation found for this word')).not.toBeInTheDocument();
  });

  it('recolours every occurrence at once when a level button is pressed, and keeps it', async () => {
    const { user } = await openMemberPage();
    const [first] = occurrences('the');
    if (!first) throw new Error('no the');
    await user.click(first);
    await user.click(screen.getByRole('button', { name: '2' }));
    for (const element of occurrences('the')) expect(element).toHaveAttribute('data-level', '2');
    expect(occurrences('the').length).toBeGreaterThan(3);
    await waitFor(() => expect(storedLevel('the')).toBe(2));
  });

  it.each([
    ['0', 0],
    ['y', 0],
    ['1', 1],
    ['u', 1],
    ['2', 2],
    ['i', 2],
    ['3', 3],
    ['o', 3],
    ['4', 4],
    ['p', 4],
  ])('key %s sets level %d', async (key, level) => {
    const { user } = await openMemberPage();
    const [sky] = occurrences('sky');
    if (!sky) throw new Error('no sky');
    await user.click(sky);
    await user.keyboard(key);
    expect(sky).toHaveAttribute('data-level', String(level));
    await waitFor(() => expect(storedLevel('sky')).toBe(level));
  });

  it('saves a word with the sentence it was met in and its page', async () => {
    const { user } = await openMemberPage();
    const [opens] = occurrences('opens');
    if (!opens) throw new Error('no opens');
    await user.click(opens);
    await user.keyboard('2');
    await waitFor(() => expect(storedLevel('opens')).toBe(2));
    const reader = findUserByEmail(readerAccount.email);
    if (!reader) throw new Error('no reader');
    expect(mockDb().contexts[wordTimeKey(reader, { language: 'en', lowercase: 'opens' })]).toEqual({
      sentence: 'Tom opens the window.',
      source: { contentId: 1, pageId: 2 },
    });
  });

  it('recolours the occurrences outside the viewport too, right after the frame', async () => {
    // Only the first paragraph is on screen; the rest are reported outside the viewport.
    const viewport = stubViewportFirstOnScreen();
    try {
      const { user } = await openMemberPage();
      const observed = [...viewport];
      expect(observed.length).toBeGreaterThan(1);
      const the = occurrences('the');
      const onScreen = the.filter((element) => element.closest('.reader-paragraph') === observed[0]);
      const offScreen = the.filter((element) => element.closest('.reader-paragraph') !== observed[0]);
      expect(onScreen.length).toBeGreaterThan(0);
      expect(offScreen.length).toBeGreaterThan(0);
      await user.click(onScreen[0] as HTMLElement);
      await user.keyboard('3');
      for (const element of onScreen) expect(element).toHaveAttribute('data-level', '3');
      await waitFor(() => {
        for (const element of offScreen) expect(element).toHaveAttribute('data-level', '3');
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('tells screen readers the word and its new level, politely', async () => {
    const { user } = await openMemberPage();
    const [sky] = occurrences('sky');
    if (!sky) throw new Error('no sky');
    await user.click(sky);
    await user.keyboard('3');
    expect(screen.getByText('sky — level 3')).toHaveAttribute('aria-live', 'polite');
  });

  it("marks the selected word's level in the level panel, and follows a key", async () => {
    const { user } = await openMemberPage();
    const [saved] = occurrences('window');
    if (!saved) throw new Error('no window');
    await user.click(saved);
    const panel = screen.getByRole('group', { name: 'Level' });
    expect(within(panel).getByRole('button', { name: '1' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('3');
    expect(within(panel).getByRole('button', { name: '3' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(panel).getByRole('button', { name: '1' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('selects a focused word with Enter', async () => {
    const { user } = await openMemberPage();
    const [sky] = occurrences('sky');
    if (!sky) throw new Error('no sky');
    sky.focus();
    await user.keyboard('{Enter}');
    expect(sky).toHaveAttribute('data-selected');
    expect(within(screen.getByRole('region', { name: 'Translation' })).getByText('sky')).toBeInTheDocument();
  });

  it('stores the last of several keys pressed fast', async () => {
    const { user } = await openMemberPage();
    const [garden] = occurrences('garden');
    if (!garden) throw new Error('no garden');
    await user.click(garden);
    await user.keyboard('1234');
    expect(garden).toHaveAttribute('data-level', '4');
    await waitFor(() => expect(storedLevel('garden')).toBe(4));
  });

  it('moves to the next and previous word with l and h, skipping punctuation and spaces', async () => {
    const { user } = await openMemberPage();
    const [evening] = occurrences('evening');
    if (!evening) throw new Error('no evening');
    await user.click(evening);
    await user.keyboard('l');
    expect(occurrences('the')[1]).toHaveAttribute('data-selected');
    await user.keyboard('h');
    expect(evening).toHaveAttribute('data-selected');
    await user.keyboard('h');
    expect(occurrences('the')[0]).toHaveAttribute('data-selected');
  });

  it('ignores the keys while the learner types in a field', async () => {
    const { user } = await openMemberPage();
    const [sky] = occurrences('sky');
    if (!sky) throw new Error('no sky');
    await user.click(sky);
    screen.getByLabelText('Interface language').focus();
    await user.keyboard('3');
    expect(sky).toHaveAttribute('data-level', '0');
  });

  /** A learner at the limit presses a level key on a new word: the server refuses it. */
  async function openWordLimitDialog() {
    server.use(http.post('*/api/v1/userword', () => fail(403, 'word_limit', "You've Reached Your Word Limit")));
    const { user } = await openMemberPage();
    const [sky] = occurrences('sky');
    if (!sky) throw new Error('no sky');
    await user.click(sky);
    await user.keyboard('2');
    const dialog = await screen.findByRole('dialog', { name: "You've Reached Your Word Limit" });
    return { sky, dialog };
  }

  it('shows the word-limit dialog and puts the level back when the server refuses', async () => {
    const { sky, dialog } = await openWordLimitDialog();
    expect(within(dialog).getByRole('link', { name: 'About streaks' })).toHaveAttribute('href', '/streaks');
    expect(within(dialog).getByRole('link', { name: 'Coins and diamonds' })).toHaveAttribute('href', '/coins');
    expect(within(dialog).getByText(/^\d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();
    expect(sky).toHaveAttribute('data-level', '0');
  });

  it('refreshes the learner once the countdown reaches zero, then shows 00:00:00 and the limit just increased', async () => {
    const { dialog } = await openWordLimitDialog();
    const reader = findUserByEmail(readerAccount.email);
    if (!reader) throw new Error('no reader');
    const increasedLimit = reader.wordLimit + Math.min(reader.streak.length, 10);
    // The clock passes refreshAt while the dialog is open (only Date is faked; its poll runs on real timers).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.parse(reader.refreshAt) + 1000);
      expect(
        await within(dialog).findByText('Your word limit was just increased!', {}, { timeout: 3000 }),
      ).toBeInTheDocument();
      expect(within(dialog).getByText('00:00:00')).toBeInTheDocument();
      expect(await screen.findByText(new RegExp(`/${increasedLimit}$`))).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("puts a changed level back and shows the server's message on another refusal", async () => {
    server.use(
      http.post('*/api/v1/userword', () =>
        HttpResponse.json(
          { message: 'Internal Server Error', status: 500, details: [{ error: 'Database down', code: 'internal' }] },
          { status: 500 },
        ),
      ),
    );
    const { user } = await openMemberPage();
    const [windowWord] = occurrences('window');
    if (!windowWord) throw new Error('no window');
    await waitFor(() => expect(windowWord).toHaveAttribute('data-level', '1'));
    await user.click(windowWord);
    await user.keyboard('4');
    expect(await screen.findByText('Something went wrong on our side, please try again')).toBeInTheDocument();
    expect(windowWord).toHaveAttribute('data-level', '1');
  });

  it('turns colouring off with the Levels toggle', async () => {
    const { user } = await openMemberPage();
    const toggle = screen.getByRole('button', { name: 'Levels' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('tabpanel')).toHaveClass('levels-off');
  });

  it('shows levels in the colour-blind palette with line styles, and remembers the choice', async () => {
    const { user } = await openMemberPage();
    const toggle = screen.getByRole('button', { name: 'Colour-blind palette' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('tabpanel')).toHaveClass('levels-accessible');
    expect(JSON.parse(localStorage.getItem('folio.preferences') ?? '{}').state.accessibleLevels).toBe(true);
  });

  it('switches speech with the Speak toggle', async () => {
    const { user } = await openMemberPage();
    const toggle = screen.getByRole('button', { name: 'Speak' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('saves the finished last page and returns home', async () => {
    const { user, router } = await openMemberPage();
    await user.click(screen.getByRole('button', { name: 'Finished' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const reader = findUserByEmail(readerAccount.email);
    await waitFor(() =>
      expect(reader ? pagesOf(reader) : []).toContainEqual({ contentId: 1, pageId: 2, language: 'en' }),
    );
  });
});

describe('"Mark the rest as known"', () => {
  beforeEach(() => usePreferences.setState({ markRestKnown: false }));

  const wordElements = () => [...document.querySelectorAll<HTMLElement>('[data-w]')];
  /** The words on the page shown, each once. */
  const wordsOnPage = () => [...new Set(wordElements().map((element) => element.dataset.w ?? ''))];

  /** The member on the first page of the text, its levels shown; answers the words on it not saved yet. */
  async function openFirstPage() {
    const rendered = await openMemberPage();
    await openPageNumber(rendered.user, 1);
    await waitFor(() => expect(occurrences('window')[0]).toHaveAttribute('data-level', '1'));
    const unsaved = wordsOnPage().filter((word) => storedLevel(word) === undefined);
    expect(unsaved.length).toBeGreaterThan(1);
    return { ...rendered, unsaved };
  }

  const option = () => screen.getByRole('checkbox', { name: 'Mark the rest as known' });
  const wordCountShown = (count: number) =>
    within(screen.getByRole('list', { name: 'Your balances' })).findByText(`${count}/${member.user.wordLimit}`, {
      exact: false,
    });

  it('is off at first and remembered once turned on', async () => {
    const { user } = await openMemberPage();
    expect(option()).not.toBeChecked();
    await user.click(option());
    expect(option()).toBeChecked();
    cleanup();
    await openMemberPage();
    expect(option()).toBeChecked();
  });

  it("shows the page's new and level-0 words known and counts them in the header at once on Read Next", async () => {
    server.use(http.post('*/api/v1/userword/page/:lang/:content/:page/known', () => new Promise<never>(() => {})));
    const { user, unsaved } = await openFirstPage();
    await user.click(option());
    await user.click(screen.getByRole('button', { name: 'Read Next' }));
    expect(await wordCountShown(member.user.wordCount + unsaved.length)).toBeInTheDocument();
    levelsNeverAnswer();
    await openPageNumber(user, 1);
    for (const element of wordElements()) {
      expect(element).toHaveAttribute('data-level', element.dataset.w === 'window' ? '1' : '4');
    }
  });

  it('keeps them known once saved, and Finished returns home after the words are saved', async () => {
    const { user, router, unsaved } = await openFirstPage();
    await user.click(option());
    await user.click(screen.getByRole('button', { name: 'Read Next' }));
    await waitFor(() => expect(unsaved.map(storedLevel)).toEqual(unsaved.map(() => 4)));
    expect(storedLevel('window')).toBe(1);
    expect(await wordCountShown(member.user.wordCount + unsaved.length)).toBeInTheDocument();
    await openPageNumber(user, 3);
    await user.click(screen.getByRole('button', { name: 'Finished' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(storedLevel('garden')).toBe(4);
  });

  it('puts everything back and says how many words would fit when the word limit refuses', async () => {
    const reader = findUserByEmail(readerAccount.email);
    if (!reader) throw new Error('no reader');
    reader.wordLimit = wordsOf(reader).length + 5;
    const { user, unsaved } = await openFirstPage();
    await user.click(option());
    await user.click(screen.getByRole('button', { name: 'Read Next' }));
    const dialog = await screen.findByRole('dialog', { name: "You've Reached Your Word Limit" });
    expect(dialog).toHaveTextContent(
      `Only 5 more words fit under your word limit; this page has ${unsaved.length} new words, so none were marked as known.`,
    );
    expect(dialog).toHaveTextContent(`You have saved ${member.user.wordCount} words.`);
    expect(await wordCountShown(member.user.wordCount)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    levelsNeverAnswer();
    await openPageNumber(user, 1);
    for (const word of unsaved) expect(occurrences(word)[0]).toHaveAttribute('data-level', '0');
    expect(storedLevel(unsaved[0] ?? '')).toBeUndefined();
  });

  it("stays on the last page and shows the server's message when Finished is refused otherwise", async () => {
    server.use(
      http.post('*/api/v1/userword/page/:lang/:content/:page/known', () =>
        HttpResponse.json(
          { message: 'Service Unavailable', status: 503, details: [{ error: 'Try later', code: 'unavailable' }] },
          { status: 503 },
        ),
      ),
    );
    const { user, router } = await openMemberPage();
    await user.click(option());
    await user.click(screen.getByRole('button', { name: 'Finished' }));
    expect(await screen.findByText('The service is unavailable, please try again soon')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reader/1');
    expect(occurrences('garden')[0]).toHaveAttribute('data-level', '0');
  });
});

describe('the visitor reader', () => {
  it('asks a visitor to log in on a level key', async () => {
    const { user } = await renderApp('/reader/1', { homeLang: 'de', targetLang: 'en' });
    await screen.findByRole('button', { name: 'Read Next' });
    const [cat] = occurrences('cat');
    if (!cat) throw new Error('no cat');
    await user.click(cat);
    await user.keyboard('2');
    const dialog = await screen.findByRole('dialog', { name: 'You are not logged in' });
    expect(dialog).toHaveTextContent('In order to save your word progress, you need to have an account');
    expect(within(dialog).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(dialog).getByRole('link', { name: 'Signup' })).toHaveAttribute('href', '/signup');
    expect(cat).toHaveAttribute('data-level', '0');
  });

  it('does not offer to mark the rest of a page as known', async () => {
    await renderApp('/reader/1', { homeLang: 'de', targetLang: 'en' });
    await screen.findByRole('button', { name: 'Read Next' });
    expect(screen.queryByRole('checkbox', { name: 'Mark the rest as known' })).not.toBeInTheDocument();
  });
});
