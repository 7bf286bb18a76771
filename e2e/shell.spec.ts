import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

test('placeholder pages say so', async ({ page }) => {
  for (const path of ['/help', '/flashcards', '/profile', '/coins', '/limits', '/streaks']) {
    await page.goto(path);
    await expect(page.getByText("sorry this isn't implemented yet :(")).toBeVisible();
  }
});

test('the FAQ answers ten questions and the terms name the age rules and UK law', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.locator('summary')).toHaveCount(10);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Terms and conditions' }).first().click();
  await expect(page.getByRole('heading', { name: 'Terms and conditions', level: 1 })).toBeVisible();
  await expect(page.getByText(/13/).first()).toBeVisible();
  await expect(page.getByText(/England and Wales/).first()).toBeVisible();
});

test('checkout results show only the word', async ({ page }) => {
  await page.goto('/store/success');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('success');
  await page.goto('/store/cancel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('cancel');
  await page.goto('/store/pro/success');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('success');
});

test('picking a target language goes home and shows its library', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('button', { name: /^Learning/ }).click();
  await page.getByRole('button', { name: /German/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /^Learning DE/ })).toBeVisible();
  await expect(page.getByRole('region').first()).toBeVisible();
});

test('the interface language follows the footer picker and Arabic reads right to left', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Interface language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
});
