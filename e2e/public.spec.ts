import { expect, test } from './fixtures';
import { DEMO_PASSWORD, expectAccessible } from './support';

test.describe('public pages', () => {
  for (const [path, heading] of [
    ['/contact-us', /contact/i],
    ['/privacy-policy', /privacy/i],
    ['/terms-of-use', /terms/i],
    ['/reset-password', /password/i],
  ] as const) {
    test(`${path} needs no sign-in, shows its page and is accessible`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('the terms come from the brand', async ({ page }) => {
    await page.goto('/terms-of-use');
    await expect(page.getByRole('main')).toContainText('Harbor Agent');
  });

  test('a signed-out visit to a private page goes to /login and comes back after sign-in', async ({ page }) => {
    await page.goto('/account/profile?tab=api_keys');
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Email').fill('agent@harbor-demo.example');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/account\/profile\?tab=api_keys/);
  });
});
