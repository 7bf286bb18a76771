import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { signUp } from './learners';

const translationBox = (page: Page) => page.getByRole('region', { name: 'Translation' });

/** Imports a short text of the learner's own and opens it. */
async function readOwnText(page: Page, title: string, text: string) {
  const mine = page.getByRole('region', { name: 'My texts' });
  await mine.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a text' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Paste your text').fill(text);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  // The pages are made in the background; the list asks again until they are ready.
  const card = mine.getByRole('link', { name: new RegExp(title) });
  await expect(card).toContainText('1 page', { timeout: 20_000 });
  await card.click();
  await expect(page.getByRole('button', { name: /Read Next|Finished/ })).toBeVisible();
}

test('a learner links "went" to "go", gives "go" a meaning and sees it shown for "went"', async ({ page }) => {
  await signUp(page);
  await readOwnText(page, 'By the lake', 'Yesterday we went to the lake. Today we go again.');

  await page.locator('[data-w="went"]').first().click();
  await translationBox(page).getByRole('button', { name: 'Base form' }).click();
  const step = page.getByRole('dialog', { name: 'Base form of went' });
  await expect(step.getByLabel('Base form')).toBeFocused();
  await page.keyboard.type('go');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Enter');
  await expect(step).toHaveCount(0);
  await expect(translationBox(page).getByRole('button', { name: 'Base form: go' })).toBeVisible();
  // Linking saved both words at level 1.
  await expect(page.locator('[data-w="went"]').first()).toHaveAttribute('data-level', '1');
  await expect(page.locator('[data-w="go"]').first()).toHaveAttribute('data-level', '1');

  await page.locator('[data-w="go"]').first().click();
  await translationBox(page).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit go' });
  await edit.getByLabel('Your meaning').fill('to move somewhere');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);

  await page.locator('[data-w="went"]').first().click();
  await expect(translationBox(page).getByText('to move somewhere')).toBeVisible();
  await expect(translationBox(page).getByText('go', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByRole('button', { name: /Read Next|Finished/ })).toBeVisible();
  await page.locator('[data-w="went"]').first().click();
  await expect(translationBox(page).getByText('to move somewhere')).toBeVisible();
});

test('a level given to "went" is offered to its family, and "go" takes it', async ({ page }) => {
  await signUp(page);
  await readOwnText(page, 'By the river', 'Yesterday we went to the river. Today we go again.');
  await page.locator('[data-w="went"]').first().click();
  await translationBox(page).getByRole('button', { name: 'Base form' }).click();
  const step = page.getByRole('dialog', { name: 'Base form of went' });
  await step.getByLabel('Base form', { exact: true }).fill('go');
  await step.getByRole('button', { name: 'Link' }).click();
  await expect(step).toHaveCount(0);

  // "went" is still the selected word.
  await expect(translationBox(page).getByRole('button', { name: 'Base form: go' })).toBeVisible();
  await page.keyboard.press('3');
  const offer = page.getByRole('dialog', { name: 'Give level 3 to its family too?' });
  await expect(offer.getByText('go', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await offer.getByRole('button', { name: 'The whole family' }).click();

  await expect(offer).toHaveCount(0);
  await expect(page.locator('[data-w="go"]').first()).toHaveAttribute('data-level', '3');
  await expect(page.locator('[data-w="went"]').first()).toHaveAttribute('data-level', '3');
  await page.reload();
  await expect(page.locator('[data-w="go"]').first()).toHaveAttribute('data-level', '3');
});
