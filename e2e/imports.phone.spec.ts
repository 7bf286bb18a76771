import { lighthouseArticle } from '../mocks/fixtures/web-pages';
import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { signUp } from './learners';
import { webPageAddress } from './web-pages';

test('on a 360 px phone, a learner imports an article by its address from a dialog that fits', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUp(page);
  const mine = page.getByRole('region', { name: 'My texts' });
  await mine.getByRole('button', { name: 'Import' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Import a text' });
  const address = dialog.getByLabel('Or the address of a web article');
  await address.fill('http://10.0.0.1/');
  await dialog.getByRole('button', { name: 'Import' }).tap();
  await expect(dialog.getByRole('alert')).toHaveText(
    'This address cannot be imported: give the http or https address of a public web page',
  );
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  for (const control of [address, dialog.getByRole('button', { name: 'Import' })]) {
    const box = await control.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  }
  await expectNoAxeViolations(page);
  await address.fill(webPageAddress(testInfo.project.name, lighthouseArticle.path));
  await dialog.getByRole('button', { name: 'Import' }).tap();
  await expect(dialog).toBeHidden();
  await expect(mine.getByRole('link', { name: /The lighthouse keeper/ })).toContainText('1 page, 89 words', {
    timeout: 20_000,
  });
});
