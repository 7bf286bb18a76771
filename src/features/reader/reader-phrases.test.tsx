import { findUserByEmail, readerAccount, wordsOf } from '@mocks/db';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn, storedLevel } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

const member = { user: signedIn(), homeLang: 'de', targetLang: 'en' } as const;

/** The page's first "the" and "evening" ("In the evening the sky is clear."). */
function theEvening() {
  const [the] = document.querySelectorAll<HTMLElement>('[data-w="the"]');
  const [evening] = document.querySelectorAll<HTMLElement>('[data-w="evening"]');
  if (!the || !evening) throw new Error('no "the evening"');
  return { the, evening };
}

async function openMemberPage() {
  const rendered = await renderApp('/reader/1', member);
  await screen.findByRole('button', { name: 'Finished' });
  return rendered;
}

const translationBox = () => within(screen.getByRole('region', { name: 'Translation' }));

afterEach(() => {
  vi.useRealTimers();
});

describe('choosing a phrase in the reader', () => {
  it('takes a shift+click on its last word, shows the phrase and its translation, and saves it with a level key', async () => {
    const { user } = await openMemberPage();
    const { the, evening } = theEvening();
    await user.click(the);
    await user.keyboard('{Shift>}');
    await user.click(evening);
    await user.keyboard('{/Shift}');
    expect(await translationBox().findByText('der Abend')).toBeInTheDocument();
    expect(translationBox().getByText('the evening')).toBeInTheDocument();
    await user.keyboard('2');
    expect(screen.getByText('the evening, phrase, level 2')).toHaveAttribute('aria-live', 'polite');
    expect([the.dataset.phrase, evening.dataset.phrase]).toEqual(['2', '2']);
    await waitFor(() => expect(storedLevel('the evening')).toBe(2));
  });

  it('grows word by word with shift+l from the keyboard', async () => {
    const { user } = await openMemberPage();
    const { the, evening } = theEvening();
    await user.click(the);
    await user.keyboard('{Shift>}L{/Shift}');
    expect(await translationBox().findByText('the evening')).toBeInTheDocument();
    expect([the, evening].map((word) => word.hasAttribute('data-selected'))).toEqual([true, true]);
  });

  it('takes a drag across its words with a mouse', async () => {
    await openMemberPage();
    const { the, evening } = theEvening();
    fireEvent.pointerDown(the, { button: 0, pointerType: 'mouse' });
    fireEvent.pointerUp(evening, { button: 0, pointerType: 'mouse' });
    fireEvent.click(the.parentElement ?? the);
    expect(await translationBox().findByText('the evening')).toBeInTheDocument();
  });

  it('takes a long press on its first word and a tap on its last on a phone', async () => {
    await openMemberPage();
    const { the, evening } = theEvening();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.pointerDown(the, { button: 0, pointerType: 'touch' });
    vi.advanceTimersByTime(500);
    vi.useRealTimers();
    fireEvent.pointerUp(the, { button: 0, pointerType: 'touch' });
    fireEvent.click(the);
    fireEvent.pointerDown(evening, { button: 0, pointerType: 'touch' });
    fireEvent.pointerUp(evening, { button: 0, pointerType: 'touch' });
    fireEvent.click(evening);
    expect(await translationBox().findByText('the evening')).toBeInTheDocument();
  });

  it('is refused across a sentence end: the tapped word is selected alone', async () => {
    const { user } = await openMemberPage();
    const clear = document.querySelector<HTMLElement>('[data-w="clear"]');
    const tom = document.querySelector<HTMLElement>('[data-w="tom"]');
    if (!clear || !tom) throw new Error('no "clear. Tom"');
    await user.click(clear);
    await user.keyboard('{Shift>}');
    await user.click(tom);
    await user.keyboard('{/Shift}');
    await waitFor(() => expect(tom).toHaveAttribute('data-selected'));
    expect(translationBox().queryByText(/clear\.? Tom/)).not.toBeInTheDocument();
  });
});

describe('a saved phrase in the reader', () => {
  it('shows on its words at its level; a tap selects the phrase, the next tap the word alone', async () => {
    const reader = findUserByEmail(readerAccount.email);
    if (!reader) throw new Error('no reader account');
    wordsOf(reader).push({ lowercase: 'the evening', level: 3, language: 'en' });
    const { user } = await openMemberPage();
    const { the, evening } = theEvening();
    await waitFor(() => expect(evening).toHaveAttribute('data-phrase', '3'));
    await user.click(evening);
    expect(translationBox().getByText('the evening')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3', pressed: true })).toBeInTheDocument();
    await user.click(evening);
    expect(translationBox().getByText('evening')).toBeInTheDocument();
    expect(the).not.toHaveAttribute('data-selected');
  });
});
