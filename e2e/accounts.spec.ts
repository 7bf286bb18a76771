import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { newLearner, signUp } from './learners';

test('a newcomer signs up, sees the counters and the welcome, logs out and in again', async ({ page }) => {
  const learner = newLearner();
  await signUp(page, learner);

  const balances = page.getByRole('list', { name: 'Your balances' });
  await expect(balances).toContainText('0/100');

  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText('Welcome to Folio');
  await expectNoAxeViolations(page);
  await page.getByRole('list', { name: 'Notifications' }).getByRole('button').first().click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.getByText(learner.username)).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(balances).toBeHidden();

  await page.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(balances).toContainText('0/100');
});

test("a wrong password shows the server's message", async ({ page }) => {
  const learner = newLearner();
  await signUp(page, learner);
  await expect(page.getByRole('list', { name: 'Your balances' })).toBeVisible();
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  // Logged out for sure before the login page opens (a logged-in visit to /login goes home).
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong4242');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect');
  await expectNoAxeViolations(page);
});

test('the signup form shows the validation messages of the spec', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Register for free' }).click();
  await expect(page.getByText('Username is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Email is not valid', { exact: true })).toBeVisible();
  await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Confirm Password is required', { exact: true })).toBeVisible();
});
