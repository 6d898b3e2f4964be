import { expect, test, type Page } from './fixtures';
import { signIn } from './support';

/** The focused element's tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => ({ tag: document.activeElement?.tagName ?? '', text: document.activeElement?.textContent?.trim() ?? '' }));

test('focus lands on the page heading after sign-in and after each navigation', async ({ page }) => {
  await signIn(page, 'agent');
  await expect(page).toHaveURL(/\/$/);
  const dashboard = page.getByRole('heading', { level: 1 });
  await expect(dashboard).toBeFocused();
  await expect(dashboard).toHaveAttribute('tabindex', '-1');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeFocused();

  // My profile is in the Account menu: Enter opens it, the arrow keys reach the link, Enter follows it
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account' }).press('Enter');
  await page.getByRole('menuitem', { name: 'My profile' }).press('Enter');
  await expect(page).toHaveURL(/\/account\/profile/);
  await expect.poll(() => focused(page)).toMatchObject({ tag: 'H1' });
  // The next Tab goes on from the heading into the page, not back to the navigation.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement) ?? false);
  expect(inMain).toBe(true);
});
