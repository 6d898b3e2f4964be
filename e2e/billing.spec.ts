import { expect, test } from './fixtures';
import { answerBank, BRAND_KEYS, brandEmail, brandOrigin, demoEmail, enterCard, expectAccessible, fillCredentials, periodDate, SCREEN_SIZES, signInAt } from './support';

test.describe('billing', () => {
  test('an unpaid user lands on /billing; a declined card shows the decline beside the card; a 3-D Secure card is saved once the bank confirms it (not when it fails) and pays, reaching /', async ({ page }) => {
    // nine screens, each settled and checked by axe: more than the default budget on a busy machine
    test.setTimeout(90_000);
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

    // the card form is Stripe Elements, here on the Stripe sandbox's Stripe.js: a decline shows beside the card
    const card = page.getByRole('group', { name: 'Card' });
    await enterCard(page, '4000 0000 0000 0002');
    await expect(card).toHaveAccessibleDescription(/Your card was declined\./);
    await expect(card).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/billing\/update\?plan=\d+$/);
    await expectAccessible(page);

    // 3-D Secure: the bank's page opens over the form; failed there, the bank's answer shows beside the card and nothing is saved
    await enterCard(page, '4000 0027 6000 3184');
    await expect(page.getByRole('dialog', { name: 'Confirm with your bank' })).toBeVisible();
    await expectAccessible(page);
    await answerBank(page, 'Fail');
    await expect(card).toHaveAccessibleDescription(/We are unable to authenticate your payment method/);
    await expect(page).toHaveURL(/\/billing\/update\?plan=\d+$/);

    // completed, the card goes on file once Stripe's webhook has said so, and the review shows it
    await enterCard(page, '4000 0025 0000 3155');
    await answerBank(page, 'Complete');
    await expect(page).toHaveURL(/\/billing\/review\?plan=\d+$/, { timeout: 30_000 });
    await expect(page.getByText('Visa ending in 3155')).toBeVisible();
    // the customer is at the screen: the bank asks to confirm the payment too, and the plan is paid once Stripe's webhook says so
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await answerBank(page, 'Complete');
    await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
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

const monthsFromNow = (months: number) => {
  const at = new Date();
  at.setUTCMonth(at.getUTCMonth() + months);
  return at;
};

test.describe('billing: plans, their review and the paid period in every brand', () => {
  // A paid demo user of each brand with a granted membership (no plan yet).
  const USER: Record<(typeof BRAND_KEYS)[number], string> = { harbor: 'agent', keystone: 'agent', evergreen: 'basic' };
  for (const brand of BRAND_KEYS) {
    test(`${brand}: the plans name what the brand gives; the review says what Pay does (the plan paid: no Pay; Annual: less the unused month); at 1366, 1280 and 390 px`, async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      const origin = brandOrigin(baseURL, brand);
      await signInAt(page, origin, brandEmail(brand, USER[brand]));

      // the plans: nothing the product does not have, and no dialer or SMS where the brand's flags give none
      await page.goto(`${origin}/billing/plan`);
      const plans = page.getByRole('form', { name: 'Choose a plan' });
      await expect(plans.getByRole('radio', { name: /^Agent Monthly/ })).toBeVisible();
      await expect(plans).not.toContainText(/calendar|reports|browser dialer/i);
      if (brand === 'evergreen') await expect(plans).not.toContainText(/SMS|dialer/i);
      else await expect(plans.getByText('Dialer and SMS licences, ordered and billed separately').first()).toBeVisible();

      // choose Agent Annual to learn its id, then Agent Monthly, and pay it with a new card
      await plans.getByRole('radio', { name: /^Agent Annual/ }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/billing\/review\?plan=\d+$/);
      const annualId = new URL(page.url()).searchParams.get('plan');
      await page.goto(`${origin}/billing/plan`);
      await page.getByRole('radio', { name: /^Agent Monthly/ }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/billing\/review\?plan=\d+$/);
      const monthlyId = new URL(page.url()).searchParams.get('plan');
      await expect(page.getByText(/^Pay charges \$49\.00 now for \d\d\/\d\d\/\d{4} until \d\d\/\d\d\/\d{4}\.$/)).toBeVisible();
      await page.getByRole('link', { name: /^(Add a card|Use another card)$/ }).click();
      await enterCard(page, '4242 4242 4242 4242');
      await expect(page).toHaveURL(`${origin}/billing/review?plan=${monthlyId}`);
      await page.getByRole('button', { name: 'Pay $49.00' }).click();
      await expect(page).toHaveURL(`${origin}/`);

      const paidUntil = periodDate(monthsFromNow(1));
      for (const size of SCREEN_SIZES) {
        await page.setViewportSize(size);

        // /billing: the period's end as a calendar date; the receipt's card by its brand's name
        await page.goto(`${origin}/billing`);
        await expect(page.getByText(`Paid until ${paidUntil}`, { exact: true })).toBeVisible();
        await expect(page.getByText(`$49.00 on ${paidUntil}`, { exact: true })).toBeVisible();
        const history = page.getByRole('table', { name: 'Charges, refunds and failed charges' });
        await expect(history.getByRole('row', { name: new RegExp(`Agent Monthly \\(${periodDate(new Date())} until ${paidUntil}\\)`) })).toContainText('Visa ending in 4242');
        await expectAccessible(page);

        await page.goto(`${origin}/billing/plan`);
        await expect(page.getByRole('radio', { name: /^Agent Monthly: \$49\.00 a month \(your plan\)/ })).toBeChecked();
        await expectAccessible(page);

        // the plan already paid: what is paid and until when, and nothing to press that charges nothing
        await page.goto(`${origin}/billing/review?plan=${monthlyId}`);
        await expect(page.getByText(`You are on this plan, paid until ${paidUntil}. There is nothing to pay.`)).toBeVisible();
        await expect(page.getByRole('button', { name: /Pay/ })).toHaveCount(0);
        await expect(page.getByRole('link', { name: 'Back to billing' })).toBeVisible();
        await expectAccessible(page);

        // Monthly to Annual: now, less the unused days of the month (all of them: it was paid today)
        await page.goto(`${origin}/billing/review?plan=${annualId}`);
        await expect(page.getByText('Your plan changes now, from Agent Monthly to Agent Annual.')).toBeVisible();
        await expect(page.getByText(/^-\$49\.00 \(\d+ of \d+ days of Agent Monthly\)$/)).toBeVisible();
        await expect(page.getByRole('button', { name: 'Pay $441.00' })).toBeVisible();
        await expectAccessible(page);
      }

      await page.getByRole('button', { name: 'Pay $441.00' }).click();
      await expect(page).toHaveURL(`${origin}/`);
      await page.goto(`${origin}/billing`);
      await expect(page.getByText('Agent Annual ($490.00 a year)')).toBeVisible();
      await expect(page.getByText(`Paid until ${periodDate(monthsFromNow(12))}`, { exact: true })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Charges, refunds and failed charges' }).getByRole('row', { name: /less \$49\.00 for \d+ unused of \d+ days of Agent Monthly/ })).toContainText('$441.00');

      // Annual to Monthly: at the period's end, nothing now
      await page.goto(`${origin}/billing/review?plan=${monthlyId}`);
      await expect(page.getByText('Nothing is charged now. Agent Monthly is charged $49.00 on ' + periodDate(monthsFromNow(12)) + '.')).toBeVisible();
      await page.getByRole('button', { name: `Change on ${periodDate(monthsFromNow(12))}` }).click();
      await expect(page).toHaveURL(`${origin}/billing`);
      await expect(page.getByText(`Changes to Agent Monthly ($49.00 a month) on ${periodDate(monthsFromNow(12))}, when the paid period ends`)).toBeVisible();
      await expectAccessible(page);
    });
  }
});
