import { expect, test, type Page } from './fixtures';
import { addSessionAt, apiGetAs, atEveryWidth, callFromPage, brandEmail, brandOrigin, expectAccessible, openFromNav, openSignedIn, openSignedInAt, periodDate, SANDBOX_PAYMENT_METHODS, SCREEN_SIZES, type BrandKey } from './support';

// The spec's answer to an agent whose licence is used up or unpaid (part 1 §8, §5 "Quota").
const OVER_ALLOCATION = 'Please request additional minutes from your manager.';

test.describe('dialer and SMS subscriptions', () => {
  test("a manager raises an agent's allocation, which stays after a reload; an allocation beyond what was bought is refused beside the field, saying what is free", async ({ page }) => {
    // Harbor's manager pays Dialer Starter: 5 licences of 1,000 minutes; 4,000 minutes given out (seed)
    await openSignedIn(page, 'manager');
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

    // 5,000 minutes were bought: 4,500 + 1,000 more is beyond them; the payer is told what is free, in minutes
    const again = page.getByRole('textbox', { name: 'Allocation of Jamie Carter' });
    await again.fill('3000');
    await again.press('Enter');
    await expect(again).toHaveAttribute('aria-invalid', 'true');
    await expect(again).toHaveAccessibleDescription(
      'At most 2,500 minutes for this licence: 500 of the 5,000 minutes your paid licences give are free. Lower another allocation, or use Order licences for more.',
    );
    await expect(again).toBeFocused();
    await expectAccessible(page);

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Allocation of Jamie Carter' })).toHaveValue('2000');
  });

  test('a user whose licence is unpaid sees their licence and the quota message; the SMS page follows the same pattern', async ({ page }) => {
    // Harbor's district manager holds an unpaid 500-minute licence of the manager's subscription and no SMS licence (seed);
    // the telemarketer's used-up licence is shown to the manager above (account.spec.ts turns two-factor on for the telemarketer)
    await openSignedIn(page, 'district', '/account/dialer');
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
    await openSignedInAt(page, origin, brandEmail('keystone', 'agent'), '/account/dialer');
    await expect(page.getByText('No Dialer subscription', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});

// Issue 28 item 11: a payer whose licence order waits for payment (no card on file) is asked for a
// card, sees the order and can pay it with the card on file or cancel it; the over-allocation
// answer names the unit and what is free; a manager under the payer sees whose usage the meter is.
/** POST to the API with the page's session on a brand's host (its cookies and CSRF token; `?brand=` names the brand, as apiGetAs does). */
async function apiPostAs(page: Page, baseURL: string | undefined, brand: BrandKey, path: string, data: unknown) {
  const cookies = await page.context().cookies(brandOrigin(baseURL, brand));
  const csrf = decodeURIComponent(cookies.find((c) => c.name === 'crm_csrf')?.value ?? '');
  const url = new URL(path, baseURL ?? 'http://localhost:3100');
  url.searchParams.set('brand', brand);
  return page.request.post(url.href, { data, headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), 'X-CSRF-Token': csrf } });
}

/**
 * Puts 4242 4242 4242 4242 on file for the page's user: tokenised with the publishable key as the
 * browser does, then connected from the page itself (its host's session and CSRF token).
 */
async function putCardOnFile(page: Page) {
  const info = (await callFromPage(page, 'GET', '/v1/accounts/info')).json;
  const tokenized = await page.request.post(SANDBOX_PAYMENT_METHODS, {
    form: { type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2034', 'card[cvc]': '123' },
    headers: { Authorization: `Bearer ${info.data.payments.publishable_key}` },
  });
  const connected = await callFromPage(page, 'POST', '/v1/accounts/connect_card', { payment_method_id: (await tokenized.json()).id });
  expect(connected.status, JSON.stringify(connected.json)).toBe(200);
}

/** The period of the page user's active subscription of `product` as the screens show it ("MM/DD/YYYY until MM/DD/YYYY", UTC dates). */
async function shownPeriod(page: Page, product: 'dialer' | 'sms'): Promise<string> {
  const subs = (await callFromPage(page, 'GET', `/v1/${product}/${product}_subscriptions?mine=true`)).json.data;
  const sub = (subs as { status: string; current_period_start: string; current_period_end: string }[]).find((s) => s.status === 'active')!;
  return `${periodDate(new Date(sub.current_period_start))} until ${periodDate(new Date(sub.current_period_end))}`;
}

test.describe('licence orders as the payer sees them', () => {
  test('harbor: an order waiting for payment adds nothing, asks for a card, and can be cancelled', async ({ page }) => {
    // three widths, each with the accessibility check, on a shared machine
    test.setTimeout(90_000);
    await openSignedIn(page, 'manager', '/account/dialer');
    const allocatedMeter = page.getByRole('progressbar', { name: /^Minutes allocated to licences: [\d,]+ of 5,000 minutes$/ });
    await expect(allocatedMeter).toBeVisible();

    const form = page.getByRole('form', { name: 'Order more licences' });
    await form.getByRole('textbox', { name: /Licences to add/ }).fill('2');
    await form.getByRole('button', { name: 'Order licences' }).click();
    await expect(form.getByRole('status')).toHaveText('Ordered 2 licences for $58.00: waiting for payment. The licences count once it is paid (see Orders).');
    // nothing was added: the pool is still the 5,000 minutes paid for
    await expect(allocatedMeter).toBeVisible();
    const orders = page.getByRole('region', { name: 'Orders', exact: true });
    const row = orders.getByRole('row', { name: /2 licences/ }).filter({ hasText: 'Waiting for payment' }).first();
    await expect(row).toBeVisible();
    const prompt = orders.getByRole('note', { name: 'Payment needed' });
    await expect(prompt).toContainText('waiting for payment: there is no card on file to charge.');
    await expect(prompt.getByRole('link', { name: 'Add a card' })).toHaveAttribute('href', '/billing/update');

    // beyond what was paid for: the unit, what is free, and where to get more
    const allocation = page.getByRole('textbox', { name: 'Allocation of Jamie Carter' });
    await allocation.fill('99999');
    await allocation.press('Enter');
    await expect(allocation).toHaveAttribute('aria-invalid', 'true');
    await expect(allocation).toHaveAccessibleDescription(
      /^At most [\d,]+ minutes for this licence: [\d,]+ of the 5,000 minutes your paid licences give are free\. Lower another allocation, or use Order licences for more\.$/,
    );
    await page.reload();
    // the period stored as midnight UTC reads as the same dates to this Eastern browser
    const period = await shownPeriod(page, 'dialer');
    await atEveryWidth(page, async () => {
      await expect(page.getByText(period, { exact: true })).toBeVisible();
      await expect(prompt).toBeVisible();
      await expect(orders.getByRole('table', { name: 'Orders' })).toBeVisible();
    });
    await page.setViewportSize(SCREEN_SIZES[0]);

    await row.getByRole('button', { name: /^Cancel order #\d+$/ }).click();
    await expect(orders.getByRole('status')).toHaveText(/^Cancelled order #\d+\.$/);
    await expect(prompt).toHaveCount(0);
    await expect(allocatedMeter).toBeVisible();
  });

  test('harbor: an order waiting for payment is paid with the card put on file since, and the pool grows by it', async ({ page }) => {
    test.setTimeout(60_000);
    await openSignedIn(page, 'manager', '/account/dialer');
    await expect(page.getByRole('progressbar', { name: /^Minutes allocated to licences: [\d,]+ of 5,000 minutes$/ })).toBeVisible();
    const form = page.getByRole('form', { name: 'Order more licences' });
    const orders = page.getByRole('region', { name: 'Orders', exact: true });

    // a card on file since (4242 4242 4242 4242, tokenised as the browser does): Pay charges it and the pool grows by the order
    await form.getByRole('textbox', { name: /Licences to add/ }).fill('1');
    await form.getByRole('button', { name: 'Order licences' }).click();
    await expect(form.getByRole('status')).toContainText('Ordered 1 licence for $29.00: waiting for payment.');
    await putCardOnFile(page);
    await page.reload();
    const waiting = orders.getByRole('row', { name: /1 licence/ }).filter({ hasText: 'Waiting for payment' });
    await waiting.getByRole('button', { name: /^Pay order #\d+$/ }).click();
    await expect(orders.getByRole('status')).toHaveText(/^Paid order #\d+: \$29\.00\.$/);
    await expect(page.getByRole('progressbar', { name: /^Minutes allocated to licences: [\d,]+ of 6,000 minutes$/ })).toBeVisible();
    await expectAccessible(page);
  });

  test('harbor SMS: the payer is told in segments what is free; the period reads as dates', async ({ page }) => {
    test.setTimeout(90_000);
    await openSignedIn(page, 'manager', '/account/sms');
    const allocation = page.getByRole('textbox', { name: /^Allocation of / }).first();
    await allocation.fill('9999999');
    await allocation.press('Enter');
    await expect(allocation).toHaveAccessibleDescription(/^At most [\d,]+ segments for this licence: [\d,]+ of the [\d,]+ segments your paid licences give are free\./);
    const period = await shownPeriod(page, 'sms');
    await atEveryWidth(page, async () => {
      await expect(page.getByText(period, { exact: true })).toBeVisible();
    });
  });

  test("harbor: a district manager's meter says it counts their downline's usage with their own", async ({ page }) => {
    test.setTimeout(90_000);
    await openSignedIn(page, 'district', '/account/dialer');
    await atEveryWidth(page, async () => {
      await expect(page.getByRole('progressbar', { name: /^Minutes used by you and your downline in \w+ \d{4}: [\d,]+ of [\d,]+ minutes$/ })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Your licence' }).getByText(OVER_ALLOCATION)).toBeVisible();
    });
  });

  for (const { brand, key, type, product, holder } of [
    { brand: 'keystone', key: 'rm', type: 'manager', product: 'dialer', holder: 'agent' },
    { brand: 'evergreen', key: 'preneed', type: 'self', product: 'sms', holder: null },
  ] as const) {
    test(`${brand}: a subscription waiting for its first payment lists the order and asks for a card; paid with the card put on file, its period reads as dates${holder ? ' and an allocation beyond the pool names what is free' : ''}`, async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      const origin = brandOrigin(baseURL, brand);
      await addSessionAt(page, origin, brandEmail(brand, key));
      const plans = await (await apiGetAs(page, baseURL, brand, `/v1/${product}/${product}_plans`)).json();
      const owners = (await (await apiGetAs(page, baseURL, brand, '/v1/admin/users/owners?limit=200')).json()).data as { id: number; email: string }[];
      const userIds = holder ? owners.filter((o) => o.email === brandEmail(brand, holder)).map((o) => o.id) : [];
      const made = await apiPostAs(page, baseURL, brand, `/v1/${product}/${product}_subscriptions`, { plan_id: plans.data[0].id, type, quantity: 1, user_ids: userIds });
      // a retry of this test finds the subscription its first run made
      expect([200, 422]).toContain(made.status());
      await page.goto(`${origin}/account/${product}`);
      await expect(page.getByText('Pending payment')).toBeVisible();
      const orders = page.getByRole('region', { name: 'Orders', exact: true });
      const first = orders.getByRole('row', { name: /Subscription, 1 licence/ });
      await atEveryWidth(page, async () => {
        await expect(first).toContainText('Waiting for payment');
        await expect(orders.getByRole('note', { name: 'Payment needed' }).getByRole('link', { name: 'Add a card' })).toHaveAttribute('href', '/billing/update');
      });

      // a card put on file since: Pay charges it, and the subscription starts
      await page.setViewportSize(SCREEN_SIZES[0]);
      await putCardOnFile(page);
      await page.reload();
      await first.getByRole('button', { name: /^Pay order #\d+$/ }).click();
      await expect(orders.getByRole('status')).toHaveText(/^Paid order #\d+: \$[\d,.]+\.$/);
      await expect(page.getByText('Pending payment')).toHaveCount(0);
      const period = await shownPeriod(page, product);
      const unit = product === 'sms' ? 'segments' : 'minutes';
      await atEveryWidth(page, async () => {
        await expect(page.getByText(period, { exact: true })).toBeVisible();
        await expect(first).toContainText('Paid');
        if (!holder) return;
        const allocation = page.getByRole('textbox', { name: /^Allocation of / }).first();
        await allocation.fill('9999999');
        await allocation.press('Enter');
        await expect(allocation).toHaveAccessibleDescription(
          new RegExp(`^At most [\\d,]+ ${unit} for this licence: [\\d,]+ of the [\\d,]+ ${unit} your paid licences give are free\\. Lower another allocation, or use Order licences for more\\.$`),
        );
      });
    });
  }
});
