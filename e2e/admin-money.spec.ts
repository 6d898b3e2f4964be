import { expect, test, type Page } from './fixtures';
import { addSession, BRAND_KEYS, brandEmail, brandOrigin, expectAccessible, openFromNav, openSignedIn, openSignedInAt, SANDBOX_PAYMENT_METHODS, uniqueLetters } from './support';

/** Picks an option of a labelled Radix select inside `scope`. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: RegExp, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('admin dialer and SMS screens', () => {
  test('an admin creates a dialer plan, subscribes a manager to it, orders licences, and reads the usage chart', async ({ page }) => {
    const planName = `Dialer ${uniqueLetters()}`;
    await openSignedIn(page, 'admin');
    await openFromNav(page, 'Dialer plans');
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

    // a manager-pay subscription for the field manager Riley Patel on the new plan (not Harbor's manager, whose
    // seeded subscription telephony-plans.spec.ts works on)
    await page.getByRole('navigation', { name: 'Dialer administration' }).getByRole('link', { name: 'Subscriptions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dialer subscriptions' })).toBeVisible();
    await page.getByRole('button', { name: 'New subscription' }).click();
    const subDialog = page.getByRole('dialog', { name: 'New Dialer subscription' });
    await choose(page, subDialog, /^Plan/, new RegExp(`^${planName} `));
    await subDialog.getByRole('searchbox', { name: /^Find a user/ }).fill('Riley Patel');
    await choose(page, subDialog, /^Manager who pays/, /^Riley Patel \(/);
    await subDialog.getByRole('textbox', { name: /^Licences/ }).fill('2');
    await expectAccessible(page);
    await subDialog.getByRole('button', { name: 'Create subscription' }).click();
    await expect(subDialog).toHaveCount(0);
    const created = page.getByText(new RegExp(`^#(\\d+) ${planName}, Riley Patel is created\\.$`));
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
    await choose(page, orderDialog, /^Subscription/, `#${subscriptionId} ${planName}, Riley Patel`);
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
    await expect(chart.locator('rect').nth(1)).toBeAttached(); // more than one bar
    await expect(chart.getByRole('table', { name: 'Minutes used by month' })).toBeAttached();
    await expect(page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Jamie Carter', exact: true }) })).toContainText('640');
    await expectAccessible(page);
  });

  test('an admin refunds part of a paid SMS order; more than is left is refused beside the amount', async ({ page }) => {
    await addSession(page, 'admin');
    // the seed's orders were paid without a card: the admin puts 4242 4242 4242 4242 on file (tokenised as the browser does)
    // and orders on a self-pay SMS subscription of their own, charged to it at once
    const csrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'crm_csrf')?.value ?? '');
    const post = async (path: string, data: unknown) => page.request.post(path, { data, headers: { 'X-CSRF-Token': csrf } });
    const json = async (response: Awaited<ReturnType<typeof post>>) => {
      expect(response.status(), await response.text()).toBe(200);
      return response.json();
    };
    const { payments } = (await json(await page.request.get('/v1/accounts/info'))).data;
    const tokenized = await page.request.post(SANDBOX_PAYMENT_METHODS, {
      form: { type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2034', 'card[cvc]': '123' },
      headers: { Authorization: `Bearer ${payments.publishable_key}` },
    });
    await json(await post('/v1/accounts/connect_card', { payment_method_id: (await json(tokenized)).id }));
    const me = await json(await page.request.get('/v1/users/me'));
    const plans = (await json(await page.request.get('/v1/admin/sms/sms_plans?all=true'))).data as { id: number; enterprise: boolean }[];
    const created = await post('/v1/admin/sms/subscriptions', { plan_id: plans.find((p) => !p.enterprise)!.id, type: 'self', user_id: me.id });
    // a retry of this test finds the subscription its first run made
    const subscriptionId =
      created.status() === 200
        ? (await created.json()).data.id
        : ((await json(await page.request.get('/v1/admin/sms/subscriptions?type=self&limit=200'))).data as { id: number; owner: { id: number } | null }[]).find(
            (s) => s.owner?.id === me.id,
          )!.id;
    const order = (await json(await post('/v1/admin/sms/orders', { subscription_id: subscriptionId, amount_cents: 2500, description: 'Refund check' }))).data;
    expect(order.status).toBe('paid');

    await page.goto('/admin/sms/orders?status=paid');
    await expect(page.getByRole('heading', { level: 1, name: 'SMS orders' })).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `#${order.id}`, exact: true }) });
    await row.getByRole('button', { name: `Refund order #${order.id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order #${order.id}` });
    const amount = dialog.getByRole('textbox', { name: /^Amount/ });
    await expect(amount).toHaveValue('25.00');
    await amount.fill('30');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription(/A refund cannot be more than was paid: \$25\.00 of this payment is left to refund/);
    await expectAccessible(page);

    await amount.fill('10');
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Goodwill');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(`$10.00 of order #${order.id} is refunded.`)).toBeVisible();
    await expect(row).toContainText('$25.00 ($10.00 refunded)');
    await expect(row.getByRole('button', { name: `Refund order #${order.id}` })).toBeVisible();
  });

  test('a manager has no admin navigation and is refused the dialer and SMS admin pages', async ({ page }) => {
    await openSignedIn(page, 'manager');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('menuitem', { name: 'Billing' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('button', { name: 'Admin' })).toHaveCount(0);
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
      await openSignedInAt(page, origin, brandEmail(brand, 'admin'), '/admin/sms');
      await expect(page.getByRole('heading', { level: 1, name: 'SMS plans' })).toBeVisible();
      await expect(page.getByRole('rowheader', { name: 'SMS Starter', exact: true })).toBeVisible();
      await expectAccessible(page);
      await page.goto(`${origin}/admin/sms/usage`);
      await expect(page.getByRole('figure', { name: 'Segments used by month' })).toBeVisible();
      await expectAccessible(page);
    });
  }
});
