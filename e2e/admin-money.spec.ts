import { expect, test, type Page } from './fixtures';
import { BRAND_KEYS, brandEmail, brandOrigin, expectAccessible, signInAt, signInHome, uniqueLetters } from './support';

/** Picks an option of a labelled Radix select inside `scope`. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: RegExp, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('admin dialer and SMS screens', () => {
  test('an admin creates a dialer plan, subscribes a manager to it, orders licences, and reads the usage chart', async ({ page }) => {
    const planName = `Dialer ${uniqueLetters()}`;
    await signInHome(page, 'admin');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dialer plans' }).click();
    await expect(page).toHaveURL(/\/admin\/dialer\/plans$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dialer plans' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Dialer Starter', exact: true })).toBeVisible();
    await expectAccessible(page);

    // by keyboard: Enter opens the form, Escape closes it and focus goes back to the button
    const newPlan = page.getByRole('button', { name: 'New plan' });
    const planDialog = page.getByRole('dialog', { name: 'New Dialer plan' });
    await newPlan.focus();
    await page.keyboard.press('Enter');
    await expect(planDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(planDialog).toHaveCount(0);
    await expect(newPlan).toBeFocused();

    // the form refuses what is missing, beside each field
    await newPlan.click();
    await planDialog.getByRole('button', { name: 'Create Dialer plan' }).click();
    const name = planDialog.getByRole('textbox', { name: /^Name/ });
    await expect(name).toHaveAccessibleDescription('Name is required');
    await expectAccessible(page);
    await name.fill(planName);
    await planDialog.getByRole('textbox', { name: /^Price of a licence/ }).fill('39.50');
    await planDialog.getByRole('textbox', { name: /^Minutes per licence/ }).fill('2,000');
    await planDialog.getByRole('button', { name: 'Create Dialer plan' }).click();
    await expect(planDialog).toHaveCount(0);
    await expect(page.getByText(`${planName} is created.`)).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search by name' }).fill(planName);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const planRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: planName, exact: true }) });
    await expect(planRow).toContainText('$39.50 a month');
    await expect(planRow).toContainText('2,000 minutes');

    // a manager-pay subscription for Morgan Hayes on the new plan
    await page.getByRole('navigation', { name: 'Dialer administration' }).getByRole('link', { name: 'Subscriptions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dialer subscriptions' })).toBeVisible();
    await page.getByRole('button', { name: 'New subscription' }).click();
    const subDialog = page.getByRole('dialog', { name: 'New Dialer subscription' });
    await choose(page, subDialog, /^Plan/, new RegExp(`^${planName} `));
    await subDialog.getByRole('searchbox', { name: /^Find a user/ }).fill('Morgan Hayes');
    await choose(page, subDialog, /^Manager who pays/, /^Morgan Hayes \(/);
    await subDialog.getByRole('textbox', { name: /^Licences/ }).fill('2');
    await expectAccessible(page);
    await subDialog.getByRole('button', { name: 'Create subscription' }).click();
    await expect(subDialog).toHaveCount(0);
    const created = page.getByText(new RegExp(`^#(\\d+) ${planName}, Morgan Hayes is created\\.$`));
    await expect(created).toBeVisible();
    const subscriptionId = /^#(\d+)/.exec((await created.textContent()) ?? '')?.[1];
    const subRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `#${subscriptionId} ${planName}`, exact: true }) });
    await expect(subRow).toContainText('Manager pays');
    await expect(subRow).toContainText('Active');

    // an order of one more licence on it
    await page.getByRole('navigation', { name: 'Dialer administration' }).getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dialer orders' })).toBeVisible();
    await page.getByRole('button', { name: 'New order' }).click();
    const orderDialog = page.getByRole('dialog', { name: 'New Dialer order' });
    await choose(page, orderDialog, /^Subscription/, `#${subscriptionId} ${planName}, Morgan Hayes`);
    await orderDialog.getByRole('button', { name: 'Create order' }).click();
    await expect(orderDialog).toHaveCount(0);
    const ordered = page.getByText(/^Order #\d+ of \$39\.50 is \w+\.$/);
    await expect(ordered).toBeVisible();
    const orderId = /^Order #(\d+)/.exec((await ordered.textContent()) ?? '')?.[1];
    await expect(page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `#${orderId}`, exact: true }) })).toContainText(
      `#${subscriptionId}`,
    );
    await expectAccessible(page);

    // the company's usage this month, with the chart over the last months and its table
    await page.getByRole('navigation', { name: 'Dialer administration' }).getByRole('link', { name: 'Usage' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dialer usage' })).toBeVisible();
    const chart = page.getByRole('figure', { name: 'Minutes used by month' });
    await expect(chart.getByTestId('bar-chart')).toBeVisible();
    expect(await chart.locator('rect').count()).toBeGreaterThan(1);
    await expect(chart.getByRole('table', { name: 'Minutes used by month' })).toBeAttached();
    await expect(page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Jamie Carter', exact: true }) })).toContainText('640');
    await expectAccessible(page);
  });

  test('a manager has no admin navigation and is refused the product admin pages', async ({ page }) => {
    await signInHome(page, 'manager');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Billing' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dialer plans' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'SMS plans' })).toHaveCount(0);
    for (const path of ['/admin/dialer/plans', '/admin/sms/subscriptions', '/admin/dialer/usage']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Access denied!' })).toBeVisible();
    }
  });

  for (const brand of BRAND_KEYS) {
    test(`${brand}: the SMS plans and usage screens pass the accessibility check`, async ({ page, baseURL }) => {
      const origin = brandOrigin(baseURL, brand);
      await signInAt(page, origin, brandEmail(brand, 'admin'));
      await page.goto(`${origin}/admin/sms`);
      await expect(page.getByRole('heading', { level: 1, name: 'SMS plans' })).toBeVisible();
      await expect(page.getByRole('rowheader', { name: 'SMS Starter', exact: true })).toBeVisible();
      await expectAccessible(page);
      await page.goto(`${origin}/admin/sms/usage`);
      await expect(page.getByRole('figure', { name: 'Segments used by month' })).toBeVisible();
      await expectAccessible(page);
    });
  }
});
