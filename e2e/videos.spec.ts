import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { signUp } from './learners';

/** Both the mocks and the full stack's fake YouTube (YOUTUBE_BASE_URL) know this video; `nocaptions1` has none. */
const videoId = 'lakewalk001';

async function addVideo(page: Page, url: string, title: string) {
  await page.getByRole('button', { name: 'New Video' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Video' });
  await dialog.getByLabel('YouTube link').fill(url);
  await expect(dialog.getByText('Is this the video you want to process?')).toBeVisible();
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByRole('button', { name: 'Process' }).click();
  await expect(dialog).toHaveCount(0);
}

test('a learner adds a video, waits for it, and reads and levels its transcript beside the player', async ({
  page,
}) => {
  await signUp(page);
  await page.getByRole('button', { name: /^I speak/ }).click();
  await page.getByRole('button', { name: /German/ }).click();
  await page.goto('/youtube');
  await addVideo(page, `https://www.youtube.com/watch?v=${videoId}`, 'A walk by the lake');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'A walk by the lake' }).click({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/youtube/${videoId}$`));
  await expect(page.locator(`[src="https://www.youtube.com/watch?v=${videoId}"]`)).toHaveCount(1);
  const transcript = page.getByRole('region', { name: 'Transcript' });
  const word = transcript.locator('[data-w]').first();
  await word.click();
  const box = transcript.getByRole('region', { name: 'Translation' });
  await expect(box.locator('.translation-text')).not.toBeEmpty();
  await expect(box).not.toContainText(/No translation found|Choose your own language|An error occurred/);
  await page.keyboard.press('2');
  await expect(word).toHaveAttribute('data-level', '2');
  await expect(transcript.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page);
});

test('a video whose captions never come fails, and its card can be deleted', async ({ page }) => {
  await signUp(page);
  await page.goto('/youtube');
  await addVideo(page, 'https://youtu.be/nocaptions1', 'No captions');
  const failed = page.getByRole('button', { name: 'Delete No captions' });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await failed.click();
  await expect(page.getByText('No captions')).toHaveCount(0);
});

test("a link to one of the learner's videos in another language switches to that language", async ({
  page,
}, testInfo) => {
  test.skip(
    testInfo.project.name === 'full',
    "The mocks' seeded reader owns a video; a full-stack learner starts with none",
  );
  await page.goto('/login');
  await page.getByLabel('Email').fill('reader@example.com');
  await page.getByLabel('Password', { exact: true }).fill('reading42');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: /^Learning/ }).click();
  await page.getByRole('button', { name: /German/ }).click();
  await expect(page.getByRole('button', { name: /^Learning DE/ })).toBeVisible();
  await page.goto('/youtube/dQw4w9WgXcQ');
  await expect(page.getByRole('button', { name: /^Learning EN/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Transcript' }).getByRole('button', { name: 'ducks' })).toBeVisible();
});
