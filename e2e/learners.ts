import { expect, type Page } from '@playwright/test';

export type Learner = { username: string; email: string; password: string };

export function newLearner(): Learner {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { username: `mara${id}`, email: `mara${id}@example.com`, password: 'reading42' };
}

/** Signs a new learner up through the form; the app reloads on the start page, logged in. */
export async function signUp(page: Page, learner: Learner = newLearner()): Promise<Learner> {
  await page.goto('/signup');
  await page.getByLabel('Username').fill(learner.username);
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByLabel('Confirm password').fill(learner.password);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Register for free' }).click();
  await expect(page).toHaveURL(/\/$/);
  return learner;
}
