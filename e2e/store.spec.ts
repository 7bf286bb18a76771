import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { grant, signUp } from './learners';

async function logInAsReader(page: import('@playwright/test').Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill('reader@example.com');
  await page.getByLabel('Password', { exact: true }).fill('reading42');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a Pro Gold purchase turns the streak flame gold and adds 500 words', async ({ page }, testInfo) => {
  if (testInfo.project.name === 'full') await signUp(page);
  else await logInAsReader(page);
  const balances = page.getByRole('list', { name: 'Your balances' });
  await expect(balances.getByTitle('Streak', { exact: true })).toBeVisible();
  const limitBefore = Number(
    (await balances.getByTitle('Words saved of your word limit').textContent())?.split('/')[1],
  );
  await page.goto('/store');
  await expect(page.getByRole('button', { name: 'Go Pro Gold' })).toBeEnabled();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Go Pro Gold' }).click();
  if (testInfo.project.name === 'full') {
    // The fake Stripe's card page: paying there signs the events and posts them to the server's webhook.
    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
  }
  await expect(page).toHaveURL(/\/store\/pro\/success\?session_id=/);
  await expect(page.getByRole('heading', { name: 'success' })).toBeVisible();
  await expect(balances.getByTitle('Streak (Pro Gold)')).toBeVisible();
  await expect(balances.getByTitle('Words saved of your word limit')).toContainText(`/${limitBefore + 500}`);
  await page.getByRole('button', { name: /Notifications/ }).click();
  await expect(page.getByText(/^Pro Gold is active until .+\. Your word limit grew by 500 words\.$/)).toBeVisible();
});

test('a Pro Gold member sees the membership, cannot buy it twice and manages it in the portal', async ({
  page,
}, testInfo) => {
  if (testInfo.project.name === 'full') await signUp(page);
  else await logInAsReader(page);
  await page.goto('/store');
  await page.getByRole('button', { name: 'Go Pro Gold' }).click();
  if (testInfo.project.name === 'full') await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/store\/pro\/success\?session_id=/);
  // Granted: the success page has confirmed the payment with the server.
  await expect(page.getByRole('list', { name: 'Your balances' }).getByTitle('Streak (Pro Gold)')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the store' }).click();
  await expect(page.getByText(/^Pro Gold is active until .+\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Pro Gold' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Manage subscription' }).click();
  if (testInfo.project.name === 'full') {
    // The fake Stripe's customer portal: cancelling ends the subscription now and tells the server's webhook.
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(page.getByRole('button', { name: 'Go Pro Gold' })).toBeEnabled();
  } else {
    await expect(page).toHaveURL(/\/store$/);
  }
});

test('a diamond pack bought with a discount code arrives in the header', async ({ page }, testInfo) => {
  if (testInfo.project.name === 'full') await signUp(page);
  else await logInAsReader(page);
  const diamonds = page.getByRole('list', { name: 'Your balances' }).getByTitle(/^Diamonds: /);
  const before = Number(((await diamonds.getAttribute('title')) ?? '').replace('Diamonds: ', ''));
  await page.goto('/store');
  await page.getByLabel('Discount code').fill('READ10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('button', { name: 'Remove READ10' })).toBeVisible();
  await page
    .getByRole('listitem')
    .filter({ has: page.getByText('500 diamonds', { exact: true }) })
    .getByRole('button', { name: 'Buy' })
    .click();
  if (testInfo.project.name === 'full') await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/store\/success\?session_id=/);
  await expect(diamonds).toHaveAttribute('title', `Diamonds: ${before + 500}`);
});

test('coins given by the operator buy a Word Limit boost, and the header shows it', async ({ page }, testInfo) => {
  if (testInfo.project.name === 'full') grant((await signUp(page)).email, { coins: 1250 });
  else await logInAsReader(page);
  await page.goto('/store');
  const balances = page.getByRole('list', { name: 'Your balances' });
  const coins = balances.getByTitle(/^Coins: /);
  await expect(coins).toHaveAttribute('title', 'Coins: 1250');
  const limit = balances.getByTitle('Words saved of your word limit');
  const limitBefore = Number((await limit.textContent())?.split('/')[1]);
  await page.getByRole('button', { name: '+50 words for 625 coins' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(coins).toHaveAttribute('title', 'Coins: 625');
  await expect(limit).toContainText(`/${limitBefore + 50}`);
});
