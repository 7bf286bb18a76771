import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { logIn, logOut, makeAdmin, signUp } from './learners';

test('an admin uploads a text in two chapters, previews and publishes it, and a learner reads it', async ({
  page,
}, testInfo) => {
  const full = testInfo.project.name === 'full';
  const stamp = Date.now().toString(36);
  const title = `Two rivers ${stamp}`;
  if (full) {
    // On the real server the operator makes the admin (npm run admin).
    const admin = await signUp(page);
    makeAdmin(admin.email);
    await logOut(page);
    await logIn(page, admin);
  } else {
    await logIn(page, { email: 'admin@example.com', password: 'admin4242' });
  }
  await page.getByRole('link', { name: 'Uploader' }).first().click();
  const form = page.getByRole('form', { name: 'Upload reading content' });
  await form.getByLabel('Category', { exact: true }).selectOption({ label: 'New category…' });
  await form.getByLabel("New category's title").fill(`Rivers ${stamp}`);
  await form.getByLabel("New sub-category's title").fill('Walks');
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Description', { exact: true }).fill('A walk along the water');
  await form.getByLabel('Level (CEFR)').selectOption('A2');
  const first = form.getByRole('group', { name: 'Chapter 1' });
  await first.getByLabel('Chapter title').fill('The north river');
  await first.getByLabel('Chapter text').fill('The north river runs past the mill.\n\nHerons wait in the reeds.');
  await form.getByRole('button', { name: 'Add a chapter' }).click();
  const second = form.getByRole('group', { name: 'Chapter 2' });
  await second.getByLabel('Chapter title').fill('The south river');
  await second.getByLabel('Chapter text').fill('The south river is wide and slow.\n\nBarges carry grain to the sea.');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Upload' }).click();

  // The pages are made in the background; the library asks again until the draft is there.
  const walks = page.getByRole('region', { name: 'Walks' });
  await expect(walks.getByRole('listitem').filter({ hasText: title })).toContainText('Draft', { timeout: 20_000 });
  await expect(walks.getByRole('listitem').filter({ hasText: title })).toContainText('2 pages');
  await expectNoAxeViolations(page);

  await walks.getByRole('link', { name: `Preview ${title}` }).click();
  await expect(page).toHaveURL(/\/reader\/\d+/);
  await expect(page.locator('[data-w="herons"]')).toBeVisible();
  await page.goBack();
  await walks.getByRole('button', { name: `Publish ${title}` }).click();
  await expect(walks.getByRole('button', { name: `Unpublish ${title}` })).toBeVisible();
  await logOut(page);

  if (full) await signUp(page);
  else await logIn(page, { email: 'reader@example.com', password: 'reading42' });
  const category = page.getByRole('region', { name: `Rivers ${stamp}` });
  await category.getByRole('button', { name: 'Walks' }).click();
  const card = category.getByRole('link', { name: new RegExp(title) });
  await expect(card).toContainText('A2');
  await card.click();
  await expect(page).toHaveURL(/\/reader\/\d+/);
  await expect(page.locator('[data-w="herons"]')).toBeVisible();
});
