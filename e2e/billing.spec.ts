import { expect, test } from './fixtures';
import { BRAND_KEYS, brandEmail, brandOrigin, demoEmail, expectAccessible, fillCredentials, signInAt } from './support';

test.describe('billing', () => {
  test('an unpaid user lands on /billing; a declined card shows the decline beside the number; 4242 4242 4242 4242 pays and reaches /', async ({ page }) => {
    await page.goto('/login');
    await fillCredentials(page, demoEmail('unpaid.agent'));
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Unpaid account' })).toBeVisible();
    await expect(page.getByText('No card on file')).toBeVisible();
    await expectAccessible(page);

    // everything but profile and billing sends an unpaid account back here
    await page.goto('/contacts');
    await expect(page).toHaveURL(/\/billing$/);

    await page.getByRole('link', { name: 'Choose a plan' }).click();
    await expect(page).toHaveURL(/\/billing\/plan$/);
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/billing\/review\?plan=\d+$/);
    await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeDisabled();
    await page.getByRole('link', { name: 'Add a card' }).click();
    await expect(page).toHaveURL(/\/billing\/update\?plan=\d+$/);

    const number = page.getByRole('textbox', { name: 'Card number' });
    await number.fill('4000 0000 0000 0002');
    await expect(page.getByTestId('card-preview')).toHaveText('Visa xxxx 0000 0000 0002');
    await page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
    await page.getByRole('textbox', { name: 'Security code' }).fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(number).toHaveAccessibleDescription(/Your card was declined\./);
    await expect(page).toHaveURL(/\/billing\/update\?plan=\d+$/);
    await expectAccessible(page);

    await number.fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page).toHaveURL(/\/billing\/review\?plan=\d+$/);
    await expect(page.getByText('Visa ending in 4242')).toBeVisible();
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('region', { name: 'Unpaid account' })).toHaveCount(0);

    await page.goto('/billing');
    await expect(page.getByText(/^Paid until \d\d\/\d\d\/\d{4}$/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Charges, refunds and failed charges' }).getByRole('row')).toHaveCount(2);

    // cancel at the end of the paid period, after a confirmation
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByText(/^Cancels at the end of the period: paid until/)).toBeVisible();
    await expectAccessible(page);
  });

  // A paid demo user of each brand (Evergreen's demo company has basic users, not agents).
  const PAID_USER: Record<(typeof BRAND_KEYS)[number], string> = { harbor: 'agent', keystone: 'agent', evergreen: 'basic' };
  for (const brand of BRAND_KEYS) {
    test(`${brand}: the billing page of a paid user passes the accessibility check`, async ({ page, baseURL }) => {
      const origin = brandOrigin(baseURL, brand);
      await signInAt(page, origin, brandEmail(brand, PAID_USER[brand]));
      await page.goto(`${origin}/billing`);
      await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
      await expect(page.getByText('Paid membership')).toBeVisible();
      await expectAccessible(page);
      await page.goto(`${origin}/billing/plan`);
      await expect(page.getByRole('radio').first()).toBeVisible();
      await expectAccessible(page);
    });
  }
});
