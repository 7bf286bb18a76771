import { execFileSync } from 'node:child_process';
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

/**
 * A new member who speaks German saves distinct words of the first library text, one at each of `levels` (in the
 * text's order, words of three letters or more), and sees the header count them. Answers the words saved.
 */
export async function saveWordsOfFirstText(page: Page, levels: readonly number[]): Promise<string[]> {
  await signUp(page);
  await page.getByRole('button', { name: /^I speak/ }).click();
  await page.getByRole('button', { name: /German/ }).click();
  const library = page.getByRole('region').filter({ hasNot: page.getByRole('heading', { name: 'My texts' }) });
  await library.first().getByRole('link').first().click();
  await expect(page.getByRole('button', { name: /Read Next|Finished/ })).toBeVisible();
  const words = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll<HTMLElement>('[data-w]')].map((element) => element.dataset.w ?? '')),
  ]);
  const picked = words.filter((word) => word.length >= 3).slice(0, levels.length);
  for (const [index, word] of picked.entries()) {
    await page.locator(`[data-w="${word}"]`).first().click();
    await page.keyboard.press(String(levels[index]));
  }
  await expect(page.getByRole('listitem', { name: 'Words saved of your word limit' })).toHaveText(
    new RegExp(`^Words\\s*${levels.length}/`),
  );
  return picked;
}

/**
 * The operator's grant (`npm run admin -- grant`) to an account of the real server under test, through its
 * private socket (the server holds the data directory).
 */
export function grant(email: string, options: { coins?: number; diamonds?: number; proDays?: number }) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const args = ['server/src/cli/admin.ts', 'grant', email];
  if (options.coins) args.push('--coins', String(options.coins));
  if (options.diamonds) args.push('--diamonds', String(options.diamonds));
  if (options.proDays) args.push('--pro-days', String(options.proDays));
  execFileSync(process.execPath, args, { env: { ...process.env, DATA_DIR: dataDir }, stdio: 'pipe' });
}

/** The operator makes an account of the real server under test an admin (`npm run admin -- EMAIL`). */
export function makeAdmin(email: string) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  execFileSync(process.execPath, ['server/src/cli/admin.ts', email], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'pipe',
  });
}

/** Logs in through the form (the app reloads on the start page). */
export async function logIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/$/);
}

/** Logs out through the profile menu, and waits until it has (a logged-in visit to /login would go home). */
export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
}
