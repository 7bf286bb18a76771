import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { logIn, logOut, makeAdmin, signUp } from './learners';

test('an admin watches the job queue and acts on a job', async ({ page }, testInfo) => {
  const full = testInfo.project.name === 'full';
  let owner = '';
  if (full) {
    // On the real server: a learner imports a text (a job), then the operator makes them an admin.
    const learner = await signUp(page);
    owner = learner.username;
    const mine = page.getByRole('region', { name: 'My texts' });
    await mine.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a text' });
    await dialog.getByLabel('Title').fill('Queue check');
    await dialog.getByLabel('Paste your text').fill('A short text for the queue.');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(mine.getByRole('link', { name: /Queue check/ })).toBeVisible({ timeout: 20_000 });
    makeAdmin(learner.email);
    await logOut(page);
    await logIn(page, learner);
  } else {
    await logIn(page, { email: 'admin@example.com', password: 'admin4242' });
  }
  await page.getByRole('link', { name: 'Queue' }).first().click();
  const counts = page.getByRole('list', { name: 'Jobs by state' });
  await expect(counts).toBeVisible();
  await expectNoAxeViolations(page);
  const jobs = page.getByRole('region', { name: 'Jobs' });
  if (full) {
    const done = page.getByRole('row').filter({ hasText: owner });
    await expect(done).toContainText('Text import');
    await expect(done).toContainText('Done');
    await done.getByRole('button', { name: 'Delete' }).click();
    await expect(done).toHaveCount(0);
  } else {
    const failed = jobs.getByRole('row').filter({ hasText: "The video's captions are empty" });
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(counts.getByRole('listitem').filter({ hasText: 'Failed' })).toHaveText('Failed 0');
  }
});
