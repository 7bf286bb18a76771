import { findUserByEmail, mockDb, nextId, readerAccount, wordsOf, wordTimeKey } from '@mocks/db';
import { fail } from '@mocks/handlers/respond';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

const member = { user: signedIn(), homeLang: 'en', targetLang: 'de' } as const;

/** The count a bucket shows. */
const bucket = (name: string) => {
  const term = screen.getByText(name, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

/** The word of the card shown (the next card's is made before it shows, hidden). */
const cardWord = () => document.querySelector('[data-slot="current"] .flashcard-word')?.textContent;

async function openFlashcards() {
  const rendered = await renderApp('/flashcards', member);
  await screen.findByRole('button', { name: 'Add 20 Cards' });
  return rendered;
}

/** The reader's three words at levels 1–3 as new cards, due now. */
async function withCards() {
  const rendered = await openFlashcards();
  await rendered.user.click(screen.getByRole('button', { name: 'Add 20 Cards' }));
  await waitFor(() => expect(bucket('Now')).toBe('3'));
  return rendered;
}

async function startReview() {
  const rendered = await withCards();
  await rendered.user.click(screen.getByRole('button', { name: 'Review' }));
  await screen.findByRole('button', { name: 'Reveal' });
  return rendered;
}

describe('the flashcards screen', () => {
  it('offers a visitor an account', async () => {
    await renderApp('/flashcards');
    expect(await screen.findByRole('heading', { level: 1, name: 'Remember the words you save' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register for free' })).toHaveAttribute('href', '/signup');
  });

  it('says what to do while a member has no cards', async () => {
    await openFlashcards();
    expect(screen.getByText(/No flashcards yet\. Save words while you read/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
  });

  it('adds cards for the saved words being learnt and shows them in the buckets and forecast', async () => {
    await withCards();
    expect(await screen.findByText('3 cards added')).toBeInTheDocument();
    expect(bucket('Today')).toBe('0');
    expect(bucket('Tomorrow')).toBe('0');
    expect(bucket('Next week')).toBe('0');
    expect(bucket('Soon')).toBe('0');
    const forecast = screen.getByRole('region', { name: 'Next 7 days' });
    expect(within(forecast).getByText('No cards are due in the next 7 days.')).toBeVisible();
    expect(within(forecast).queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review' })).toBeInTheDocument();
  });

  it('asks before adding cards while the new ones waiting fill the daily cap', async () => {
    const { user } = await withCards();
    const perDay = screen.getByLabelText('New cards per day');
    await user.clear(perDay);
    await user.type(perDay, '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('New cards per day saved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add 20 Cards' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add more new cards?' });
    expect(within(dialog).getByText(/3 new cards are already waiting, and you learn 2 new cards a day/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the word and its sentence, and the meaning once Space reveals it', async () => {
    const { user } = await startReview();
    expect(screen.queryByRole('region', { name: 'Answer' })).not.toBeInTheDocument();
    await user.keyboard(' ');
    const answer = await screen.findByRole('region', { name: 'Answer' });
    await waitFor(() => expect(answer).toHaveFocus());
    expect(within(answer).getByRole('button', { name: 'Speak' })).toBeInTheDocument();
    const grades = screen.getByRole('group', { name: 'Grade' });
    expect(within(grades).getByRole('button', { name: /^Again \d+ min$/ })).toBeInTheDocument();
    expect(within(grades).getByRole('button', { name: /^Easy \d+ days?$/ })).toBeInTheDocument();
  });

  it('moves to the next card when a key grades it, the focus on its word', async () => {
    const { user } = await startReview();
    const first = cardWord();
    expect(screen.getByText('3 cards left')).toBeInTheDocument();
    await user.keyboard(' ');
    await user.keyboard('3');
    await waitFor(() => expect(cardWord()).not.toBe(first));
    expect(await screen.findByText('2 cards left')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: cardWord() ?? '' })).toHaveFocus());
    expect(screen.queryByRole('region', { name: 'Answer' })).not.toBeInTheDocument();
  });

  it('takes keys pressed faster than frames in order: reveal, grade, reveal the next card', async () => {
    const { user } = await startReview();
    const first = cardWord();
    await waitFor(() => expect(document.querySelector('[data-slot="next"]')).not.toBeNull());
    await user.keyboard(' 3 ');
    expect(cardWord()).not.toBe(first);
    expect(screen.getByText('2 cards left')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Answer' })).toBeVisible();
    await waitFor(() => expect(mockDb().flashcards.reviews).toHaveLength(1));
  });

  it('puts the last graded card back in front when u undoes it', async () => {
    const { user } = await startReview();
    const first = cardWord();
    await user.keyboard(' ');
    await user.keyboard('4');
    await waitFor(() => expect(cardWord()).not.toBe(first));
    await user.keyboard('u');
    await waitFor(() => expect(cardWord()).toBe(first));
    expect(screen.getByText('3 cards left')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reveal' })).toBeInTheDocument();
  });

  it('keeps a card graded again while its undo was on its way out of the queue', async () => {
    let undoArrives = () => {};
    const undoHeld = new Promise<void>((resolve) => {
      undoArrives = resolve;
    });
    // Held, then answered by the mock API's own handler.
    server.use(http.post('*/api/v1/flashcards/:targetLang/undo', () => undoHeld, { once: true }));
    const { user } = await startReview();
    const first = cardWord();
    await user.keyboard(' ');
    await user.keyboard('3');
    await screen.findByText('2 cards left');
    // The grade has reached the server (a grade undone before its call leaves is never sent, nor its undo).
    await waitFor(() => expect(mockDb().flashcards.reviews).toHaveLength(1));
    await user.keyboard('u');
    await waitFor(() => expect(cardWord()).toBe(first));
    await user.keyboard(' ');
    await user.keyboard('4');
    await screen.findByText('2 cards left');
    undoArrives();
    await waitFor(() => expect(mockDb().flashcards.reviews).toHaveLength(2));
    await waitFor(() => expect(mockDb().flashcards.reviews.at(-1)?.rating).toBe(4));
    expect(cardWord()).not.toBe(first);
    expect(screen.getByText('2 cards left')).toBeInTheDocument();
  });

  it('puts a card the server refused back in front, and says why', async () => {
    server.use(
      http.post('*/api/v1/flashcards/:targetLang/review', () =>
        fail(409, 'conflict', 'This card was reviewed in the meantime'),
      ),
    );
    const { user } = await startReview();
    const first = cardWord();
    await user.keyboard(' ');
    await user.keyboard('3');
    expect(await screen.findByText('This changed at the same moment elsewhere, please try again')).toBeInTheDocument();
    await waitFor(() => expect(cardWord()).toBe(first));
    expect(screen.getByText('3 cards left')).toBeInTheDocument();
  });

  it('sends a grade whose call was lost again, the card staying graded', async () => {
    server.use(http.post('*/api/v1/flashcards/:targetLang/review', () => HttpResponse.error(), { once: true }));
    const { user } = await startReview();
    await user.keyboard(' ');
    await user.keyboard('3');
    await waitFor(() => expect(mockDb().flashcards.reviews).toHaveLength(1), { timeout: 4000 });
    expect(screen.getByText('2 cards left')).toBeInTheDocument();
  });

  it('leaves the buckets as they were after practice', async () => {
    const { user } = await withCards();
    await user.click(screen.getByRole('button', { name: 'Practice' }));
    await screen.findByRole('button', { name: 'Reveal' });
    for (let card = 0; card < 3; card += 1) {
      await user.keyboard(' ');
      await user.keyboard('4');
    }
    expect(await screen.findByRole('heading', { level: 2, name: 'Practice done' })).toHaveFocus();
    await user.click(screen.getAllByRole('button', { name: 'Back to your flashcards' }).at(-1) as HTMLElement);
    await screen.findByRole('button', { name: 'Add 20 Cards' });
    expect(bucket('Now')).toBe('3');
  });

  it('shows the word as its sentence writes it: a German noun keeps its capital', async () => {
    const reader = findUserByEmail(readerAccount.email);
    if (!reader) throw new Error('No reader account');
    for (const { lowercase } of wordsOf(reader).filter((word) => word.language === 'de')) {
      const written = lowercase.charAt(0).toUpperCase() + lowercase.slice(1);
      mockDb().contexts[wordTimeKey(reader, { language: 'de', lowercase })] = {
        sentence: `Heute sehe ich ${written} im Buch.`,
        source: { contentId: 1, pageId: 0 },
      };
    }
    await startReview();
    const word = cardWord() ?? '';
    expect(word).toMatch(/^\p{Lu}/u);
    expect(
      within(document.querySelector('[data-slot="current"] .flashcard-sentence') as HTMLElement).getByText(word),
    ).toBeInTheDocument();
  });

  it('writes a note from the revealed card, which shows it at once', async () => {
    const { user } = await startReview();
    const word = cardWord() ?? '';
    await user.keyboard(' ');
    await user.click(await screen.findByRole('button', { name: 'Add a note' }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${word}` });
    await user.click(within(dialog).getByLabelText('Note'));
    await user.paste('<b>sign</b>');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const answer = screen.getByRole('region', { name: 'Answer' });
    expect(await within(answer).findByText('<b>sign</b>')).toBeInTheDocument();
    expect(within(answer).getByRole('button', { name: 'Edit the note' })).toBeInTheDocument();
  });

  it('is reached from the Words screen', async () => {
    const { user } = await renderApp('/words', member);
    await user.click(await screen.findByRole('link', { name: 'Flashcards' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Flashcards' })).toBeInTheDocument();
  });

  it('moves the buckets when a card is graded', async () => {
    const { user } = await startReview();
    await user.keyboard(' ');
    await user.keyboard('4');
    await screen.findByText('2 cards left');
    await user.click(screen.getAllByRole('button', { name: 'Back to your flashcards' })[0] as HTMLElement);
    await screen.findByRole('button', { name: 'Add 20 Cards' });
    await waitFor(() => expect(bucket('Now')).toBe('2'));
  });
});

describe('a mature card', () => {
  const day = 86_400_000;

  /** The reader's "fenster" (level 3) as a card in review for months, due now (or in `dueInDays`). */
  function matureCard(dueInDays = -1) {
    const user = findUserByEmail(readerAccount.email);
    if (!user) throw new Error('No reader account');
    const now = Date.now();
    mockDb().flashcards.cards.push({
      id: nextId(),
      username: user.username,
      language: 'de',
      lowercase: 'fenster',
      schedule: {
        due: new Date(now + dueInDays * day).toISOString(),
        stability: 120,
        difficulty: 5,
        elapsedDays: 120,
        scheduledDays: 120,
        learningSteps: 0,
        reps: 8,
        lapses: 0,
        state: 2,
        lastReview: new Date(now - 121 * day).toISOString(),
      },
      context: null,
      levelRaisedOn: null,
      createdAt: new Date(now - 200 * day).toISOString(),
    });
    return user;
  }

  it('draws the week ahead with the day it is due', async () => {
    matureCard(2);
    await openFlashcards();
    const forecast = await screen.findByRole('region', { name: 'Next 7 days' });
    expect(within(forecast).getAllByRole('listitem')).toHaveLength(7);
    expect(within(forecast).getAllByText(/: 1 card due$/)).toHaveLength(1);
    expect(within(forecast).getAllByText(/: 0 cards due$/)).toHaveLength(6);
  });

  it('asks "Mark as known?" after a good grade, and marks the word known when told to', async () => {
    const reader = matureCard();
    const { user } = await openFlashcards();
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await screen.findByRole('button', { name: 'Reveal' });
    await user.keyboard(' ');
    await user.keyboard('3');
    const offer = await screen.findByText('fenster', { selector: '.flashcards-offer span' });
    expect(offer.closest('p')).toHaveTextContent('Mark fenster as known?');
    await user.click(screen.getByRole('button', { name: 'Mark as known' }));
    await waitFor(() =>
      expect(wordsOf(reader).find((word) => word.lowercase === 'fenster' && word.language === 'de')?.level).toBe(4),
    );
    expect(screen.queryByRole('button', { name: 'Mark as known' })).not.toBeInTheDocument();
  });
});

describe('Add to flashcards in the translation box', () => {
  it("makes a saved word's card once, and says so", async () => {
    const { user } = await renderApp('/words', member);
    await user.click(await screen.findByRole('button', { name: 'katze' }));
    const box = screen.getByRole('region', { name: 'Translation' });
    await user.click(within(box).getByRole('button', { name: 'Add to flashcards' }));
    expect(await screen.findByText('Added to flashcards')).toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Add to flashcards' }));
    expect(await screen.findByText('Already in your flashcards')).toBeInTheDocument();
  });

  it('is not offered for a known word', async () => {
    const { user } = await renderApp('/words', member);
    await user.click(await screen.findByRole('button', { name: 'brot' }));
    const box = screen.getByRole('region', { name: 'Translation' });
    expect(within(box).queryByRole('button', { name: 'Add to flashcards' })).not.toBeInTheDocument();
  });
});
