import { expectEveryScreenAccessible, walkOnTheRealServerOnly } from './every-route';
import { test } from './fixtures';
import { signUp } from './learners';

// Nineteen screens twice on a phone, each through axe: given three times the usual time on a busy CI machine.
test('axe finds nothing on any screen of a phone for a member, in English and in Arabic', async ({ page }) => {
  walkOnTheRealServerOnly();
  test.slow();
  await signUp(page);
  await expectEveryScreenAccessible(page);
});
