import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { signUp } from './learners';

/** Both the mocks and the full stack's fake YouTube know this video (e2e/videos.spec.ts). */
const videoId = 'lakewalk001';

async function addVideo(page: Page) {
  await page.goto('/youtube');
  await page.getByRole('button', { name: 'New Video' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Video' });
  await dialog.getByLabel('YouTube link').fill(`https://www.youtube.com/watch?v=${videoId}`);
  await expect(dialog.getByText('Is this the video you want to process?')).toBeVisible();
  await dialog.getByLabel('Title', { exact: true }).fill('A walk by the lake');
  await dialog.getByRole('button', { name: 'Process' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('link', { name: 'A walk by the lake' }).click({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/youtube/${videoId}$`));
}

/** The first two words of a transcript line with only a space between them: a phrase the transcript holds. */
async function twoWordsInARow(transcript: Locator): Promise<[string, string]> {
  await expect(transcript.locator('[data-w]').first()).toBeVisible();
  return transcript.evaluate((root) => {
    for (const line of root.querySelectorAll('.reader-words')) {
      const nodes = [...line.childNodes];
      for (const [at, node] of nodes.entries()) {
        const [space, next] = [nodes[at + 1], nodes[at + 2]];
        if (node instanceof HTMLElement && node.dataset.w && space?.textContent === ' ') {
          if (next instanceof HTMLElement && next.dataset.w) return [node.dataset.w, next.dataset.w];
        }
      }
    }
    throw new Error('No two words in a row');
  });
}

/** The first occurrence of a phrase's two words with one space between them: its first word and its last. */
async function phraseIn(scope: Locator, [first, second]: [string, string]) {
  const words = scope.locator('[data-w]');
  const at = await scope.evaluate(
    (root, [a, b]) => {
      const all = [...root.querySelectorAll<HTMLElement>('[data-w]')];
      return all.findIndex(
        (word, index) =>
          word.dataset.w === a && all[index + 1]?.dataset.w === b && word.nextSibling?.textContent === ' ',
      );
    },
    [first, second],
  );
  if (at < 0) throw new Error(`No "${first} ${second}" in a row`);
  return { start: words.nth(at), end: words.nth(at + 1) };
}

test('a learner saves a phrase in a transcript, sees it in a text of their own, and its meaning follows', async ({
  page,
}) => {
  await signUp(page);
  await page.getByRole('button', { name: /^I speak/ }).click();
  await page.getByRole('button', { name: /German/ }).click();
  await addVideo(page);
  const transcript = page.getByRole('region', { name: 'Transcript' });
  const words = await twoWordsInARow(transcript);
  const phrase = words.join(' ');

  // A phrase is chosen by a click on its first word and a shift+click on its last, and levelled with a key.
  const inTranscript = await phraseIn(transcript, words);
  await inTranscript.start.click();
  await inTranscript.end.click({ modifiers: ['Shift'] });
  const box = transcript.getByRole('region', { name: 'Translation' });
  await expect(box.locator('.translation-word')).toHaveText(new RegExp(`^${phrase}$`, 'i'));
  await page.keyboard.press('2');
  await expect(inTranscript.start).toHaveAttribute('data-phrase', '2');
  await expect(inTranscript.end).toHaveAttribute('data-phrase', '2');
  await expect(page.getByText(new RegExp(`${phrase}, phrase, level 2`, 'i'))).toBeAttached();
  await expectNoAxeViolations(page);

  // A text of the learner's own holding the phrase shows it saved, at its level.
  await page.goto('/');
  const mine = page.getByRole('region', { name: 'My texts' });
  await mine.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a text' });
  await dialog.getByLabel('Title').fill('Phrases');
  await dialog.getByLabel('Paste your text').fill(`Yesterday I read ${phrase} twice, and then ${phrase} again.`);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await mine.getByRole('link', { name: /Phrases/ }).click({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/reader\/\d+/);
  await expect(page.locator('.reader-text [data-w]').first()).toBeVisible();
  const inText = await phraseIn(page.locator('.reader-text'), words);
  await expect(inText.start).toHaveAttribute('data-phrase', '2');

  // A tap selects the phrase; its meaning is the learner's own from then on.
  await inText.start.click();
  const readerBox = page.getByRole('region', { name: 'Translation' });
  await expect(readerBox.locator('.translation-word')).toHaveText(new RegExp(`^${phrase}$`, 'i'));
  await readerBox.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: /^Edit / });
  await edit.getByLabel('Your meaning').fill('my phrase meaning');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(readerBox.getByText('my phrase meaning')).toBeVisible();
  // The next tap is the word alone.
  await inText.start.click();
  await expect(readerBox.locator('.translation-word')).toHaveText(new RegExp(`^${words[0]}$`, 'i'));

  await page.goto(`/youtube/${videoId}`);
  await expect(transcript.locator('[data-w]').first()).toBeVisible();
  await (await phraseIn(transcript, words)).start.click();
  await expect(box.getByText('my phrase meaning')).toBeVisible();
  await expectNoAxeViolations(page);

  // Words lists it among the phrases alone, with its meaning.
  await page.goto('/words');
  await page.getByRole('checkbox', { name: 'Phrases only' }).check();
  await expect(page.getByText('1 word matches')).toBeVisible();
  const listed = page.locator('.vocabulary-list [data-w]');
  await expect(listed).toHaveCount(1);
  await expect(listed).toHaveAttribute('data-w', phrase.toLowerCase());
  await expect(page.locator('.vocabulary-list').getByText('my phrase meaning')).toBeVisible();
});
