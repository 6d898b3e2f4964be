import { expect, test } from './fixtures';
import { brandEmail, brandOrigin, expectAccessible, openFromNav, signInAt, signInHome } from './support';

// The spec's answer to an allocation beyond what was bought and to a licence used up or unpaid (part 1 §8, §5 "Quota").
const OVER_ALLOCATION = 'Please request additional minutes from your manager.';

test.describe('dialer and SMS subscriptions', () => {
  test("a manager raises an agent's allocation, which stays after a reload; an allocation beyond what was bought is refused beside the field", async ({ page }) => {
    // Harbor's manager pays Dialer Starter: 5 licences of 1,000 minutes; 4,000 minutes given out (seed)
    await signInHome(page, 'manager');
    await openFromNav(page, 'Dialer subscription');
    await expect(page).toHaveURL(/\/account\/dialer$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dialer subscription' })).toBeVisible();
    await expect(page.getByText('Manager pays (licences for the downline)')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Minutes allocated to licences: 4,000 of 5,000 minutes' })).toBeVisible();
    const licences = page.getByRole('table', { name: 'Licences' });
    await expect(licences.getByRole('row', { name: /Taylor Brooks/ })).toContainText('Allocation used up');
    await expectAccessible(page);

    const allocation = page.getByRole('textbox', { name: 'Allocation of Jamie Carter' });
    await expect(allocation).toHaveValue('1500');
    await allocation.fill('2000');
    await page.getByRole('button', { name: 'Save the licence of Jamie Carter' }).click();
    await expect(page.getByText('Saved the licence of Jamie Carter: 2,000 minutes, paid.')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Minutes allocated to licences: 4,500 of 5,000 minutes' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Allocation of Jamie Carter' })).toHaveValue('2000');

    // 5,000 minutes were bought: 4,500 + 1,000 more is beyond them
    const again = page.getByRole('textbox', { name: 'Allocation of Jamie Carter' });
    await again.fill('3000');
    await again.press('Enter');
    await expect(again).toHaveAttribute('aria-invalid', 'true');
    await expect(again).toHaveAccessibleDescription(OVER_ALLOCATION);
    await expect(again).toBeFocused();
    await expectAccessible(page);

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Allocation of Jamie Carter' })).toHaveValue('2000');
  });

  test('a user whose licence is unpaid sees their licence and the quota message; the SMS page follows the same pattern', async ({ page }) => {
    // Harbor's district manager holds an unpaid 500-minute licence of the manager's subscription and no SMS licence (seed);
    // the telemarketer's used-up licence is shown to the manager above (account.spec.ts turns two-factor on for the telemarketer)
    await signInHome(page, 'district');
    await page.goto('/account/dialer');
    const licence = page.getByRole('region', { name: 'Your licence' });
    await expect(licence).toContainText('500 minutes a month');
    await expect(licence.getByText(OVER_ALLOCATION)).toBeVisible();
    await expect(page.getByText('Morgan Hayes')).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expectAccessible(page);

    await openFromNav(page, 'SMS subscription');
    await expect(page.getByRole('heading', { level: 1, name: 'SMS subscription' })).toBeVisible();
    await expect(page.getByText('You have no SMS subscription and no SMS licence. Ask your manager for a licence.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your licence' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('keystone: the dialer page of a user without a subscription passes the accessibility check', async ({ page, baseURL }) => {
    const origin = brandOrigin(baseURL, 'keystone');
    await signInAt(page, origin, brandEmail('keystone', 'agent'));
    await page.goto(`${origin}/account/dialer`);
    await expect(page.getByText('No Dialer subscription', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});
