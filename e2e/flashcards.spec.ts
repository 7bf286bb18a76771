import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { saveWordsOfFirstText } from './learners';

/** The count a bucket shows. */
const bucket = (page: Page, name: string) =>
  page
    .locator('.flashcards-bucket')
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator('dd');

/** The word of the card shown (the next card's is made before it shows, hidden). */
const cardWord = (page: Page) => page.locator('[data-slot="current"] .flashcard-word');

test('a member adds cards, reviews them with keys, undoes, writes a note, sees the buckets move and practises', async ({
  page,
}) => {
  await saveWordsOfFirstText(page, [1, 2, 3]);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Words' }).click();
  await page.getByRole('link', { name: 'Flashcards' }).click();
  await expect(page).toHaveURL(/\/flashcards$/);
  await expect(page.getByText(/^No flashcards yet/)).toBeVisible();

  const addCards = page.getByRole('button', { name: 'Add 20 Cards' });
  await addCards.focus();
  await page.keyboard.press('Enter');
  await expect(bucket(page, 'Now')).toHaveText('3');
  // Still there for the keyboard: the focus stayed on the button while the cards were added.
  await expect(addCards).toBeFocused();
  await expect(page.getByRole('region', { name: 'Next 7 days' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByText('3 cards left')).toBeVisible();
  await expect(cardWord(page)).toBeFocused();
  await expect(page.locator('[data-slot="current"] .flashcard-sentence mark')).toHaveCount(1);
  const first = await cardWord(page).textContent();
  await page.keyboard.press('Space');
  const answer = page.getByRole('region', { name: 'Answer' });
  await expect(answer).toBeFocused();
  await expect(answer.getByRole('link', { name: /^Open/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await answer.getByRole('button', { name: 'Add a note' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${first}` });
  await dialog.getByLabel('Note').fill('<i>from the first text</i>');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(answer.getByText('<i>from the first text</i>')).toBeVisible();

  await page.keyboard.press('3');
  await expect(page.getByText('2 cards left')).toBeVisible();
  await expect(cardWord(page)).not.toHaveText(first ?? '');
  await page.keyboard.press('u');
  await expect(cardWord(page)).toHaveText(first ?? '');
  await expect(page.getByText('3 cards left')).toBeVisible();

  await page.keyboard.press('Space');
  await page.keyboard.press('4');
  await expect(page.getByText('2 cards left')).toBeVisible();
  await page.getByRole('button', { name: 'Back to your flashcards' }).click();
  await expect(bucket(page, 'Now')).toHaveText('2');
  await expect(page.locator('.flashcards-bucket dd').filter({ hasText: '1' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Practice' }).click();
  await expect(page.getByText('Practice: nothing you grade changes when cards are due.')).toBeVisible();
  // Each key waits for the card it is meant for: a key pressed before its card shows has nothing to act on.
  for (let left = 3; left > 0; left -= 1) {
    await expect(page.getByText(left === 1 ? '1 card left' : `${left} cards left`)).toBeVisible();
    await expect(cardWord(page)).toBeVisible();
    await page.keyboard.press('Space');
    await expect(page.getByRole('region', { name: 'Answer' })).toBeVisible();
    await page.keyboard.press('1');
  }
  await expect(page.getByRole('heading', { name: 'Practice done' })).toBeFocused();
  await page.getByRole('button', { name: 'Back to your flashcards' }).last().click();
  await expect(bucket(page, 'Now')).toHaveText('2');
});

test('a visitor is offered an account', async ({ page }) => {
  await page.goto('/flashcards');
  await expect(page.getByRole('heading', { level: 1, name: 'Remember the words you save' })).toBeVisible();
  await expectNoAxeViolations(page);
});
