import { expectEveryScreenAccessible, walkOnTheRealServerOnly } from './every-route';
import { test } from './fixtures';
import { signUp } from './learners';

// Every screen of a phone through axe: given three times the usual time on a busy CI machine.
test('axe finds nothing on any screen of a phone for a member, in Arabic and in English by turns', async ({ page }) => {
  walkOnTheRealServerOnly();
  test.slow();
  await signUp(page);
  await expectEveryScreenAccessible(page, 'phone');
});
