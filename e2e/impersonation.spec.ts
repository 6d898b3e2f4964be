import { expect, test, type Page } from './fixtures';
import { brandEmail, brandOrigin, expectAccessible, openFromNav, openSignedIn, openSignedInAt } from './support';

/** Admin → Users, narrowed to one user by name; that user's row. */
async function userRow(page: Page, name: string) {
  await openFromNav(page, 'Users');
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('log in as and impersonate from Admin → Users', () => {
  test('an admin impersonates an agent after confirming, sees the banner, and returns to their own account', async ({ page }) => {
    await openSignedIn(page, 'admin');
    const row = await userRow(page, 'Jamie Carter');
    await expect(row.getByRole('button', { name: 'Log in as Jamie Carter' })).toBeVisible();
    await row.getByRole('button', { name: 'Impersonate Jamie Carter' }).click();

    const dialog = page.getByRole('dialog', { name: 'Impersonate Jamie Carter?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Impersonate this user' }).click();

    const banner = page.getByRole('region', { name: 'Impersonation' });
    await expect(banner).toContainText('Alex Morgan is signed in as Jamie Carter (impersonating).');
    await expect(page).toHaveURL(/\/$/);
    // The agent's frame: no admin navigation.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Admin' })).toHaveCount(0);
    await expectAccessible(page);

    await banner.getByRole('button', { name: 'Return to my account' }).click();
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Admin' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Alex Morgan/ })).toBeVisible();
  });

  test('a Keystone regional manager sees only their downline and may impersonate, not log in as', async ({ page, baseURL }) => {
    const origin = brandOrigin(baseURL, 'keystone');
    await openSignedInAt(page, origin, brandEmail('keystone', 'rm'));
    await openFromNav(page, 'Users');
    await expect(page.getByRole('rowheader')).toHaveText(['Parker Holt']);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Parker Holt' }) });
    await expect(row.getByRole('button', { name: 'Log in as Parker Holt' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Change role for Parker Holt' })).toHaveCount(0);
    await row.getByRole('button', { name: 'Impersonate Parker Holt' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Impersonate this user' }).click();
    await expect(page.getByRole('region', { name: 'Impersonation' })).toContainText('Quinn Delgado is signed in as Parker Holt');
  });
});
