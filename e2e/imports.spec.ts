import { lighthouseArticle } from '../mocks/fixtures/web-pages';
import { epubOf } from '../server/test/epub-fixtures';
import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { signUp } from './learners';
import { webPageAddress } from './web-pages';

test('a learner imports a text of their own and reads it', async ({ page }) => {
  await signUp(page);
  const mine = page.getByRole('region', { name: 'My texts' });
  await mine.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a text' });
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Title').fill('The harbour');
  await dialog
    .getByLabel('Paste your text')
    .fill('The ferry leaves the harbour at dawn.\n\nGulls follow it out to sea, crying over the grey water.');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  // The pages are made in the background; the list asks again until they are ready.
  const card = mine.getByRole('link', { name: /The harbour/ });
  await expect(card).toContainText('1 page, 18 words', { timeout: 20_000 });
  await card.click();
  await expect(page).toHaveURL(/\/reader\/\d+/);
  await expect(page.locator('[data-w="gulls"]')).toBeVisible();
});

test('a learner imports a subtitle file, named after the file', async ({ page }) => {
  await signUp(page);
  const mine = page.getByRole('region', { name: 'My texts' });
  await mine.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a text' });
  await dialog.getByLabel('Or choose a file (.txt, .epub, .srt or .vtt, at most 5 MB)').setInputFiles({
    name: 'lighthouse.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from('1\n00:00:01,000 --> 00:00:03,000\nThe lighthouse keeper waves.\n'),
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(mine.getByRole('link', { name: /lighthouse/ })).toContainText('1 page, 4 words', { timeout: 20_000 });
});

test('a learner imports an EPUB book and reads its chapters', async ({ page }, testInfo) => {
  test.skip(!testInfo.project.name.startsWith('full'), 'the mocks read no EPUB: the real server does');
  await signUp(page);
  const mine = page.getByRole('region', { name: 'My texts' });
  await mine.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a text' });
  await dialog.getByLabel('Title').fill('The lighthouse book');
  await dialog.getByLabel('Or choose a file (.txt, .epub, .srt or .vtt, at most 5 MB)').setInputFiles({
    name: 'lighthouse.epub',
    mimeType: 'application/epub+zip',
    buffer: epubOf([
      { file: 'one.xhtml', title: 'The keeper', body: '<h1>The keeper</h1><p>The keeper climbs the stairs.</p>' },
      { file: 'two.xhtml', title: 'The storm', body: '<h1>The storm</h1><p>Waves break on the rocks.</p>' },
    ]),
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  const card = mine.getByRole('link', { name: /The lighthouse book/ });
  await expect(card).toContainText('2 pages', { timeout: 20_000 });
  await card.click();
  await expect(page.locator('[data-w="keeper"]').first()).toBeVisible();
});

test('a learner imports an article from a local page', async ({ page }, testInfo) => {
  await signUp(page);
  const mine = page.getByRole('region', { name: 'My texts' });
  await mine.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a text' });
  const address = dialog.getByLabel('Or the address of a web article');
  await address.fill('http://169.254.169.254/latest/meta-data/');
  await address.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(
    'This address cannot be imported: give the http or https address of a public web page',
  );
  await expectNoAxeViolations(page);
  await address.fill(webPageAddress(testInfo.project.name, lighthouseArticle.path));
  await address.press('Enter');
  await expect(dialog).toBeHidden();
  // Named after the page, its menus, byline and links left out: the article's four paragraphs on one page.
  const card = mine.getByRole('link', { name: /The lighthouse keeper/ });
  await expect(card).toContainText('1 page, 89 words', { timeout: 20_000 });
  await card.click();
  await expect(page).toHaveURL(/\/reader\/\d+/);
  await expect(page.locator('[data-w="lighthouse"]').first()).toBeVisible();
  await expect(page.getByText('Most read')).toHaveCount(0);
});
