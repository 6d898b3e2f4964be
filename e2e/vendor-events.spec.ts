import { expect, test } from './fixtures';
import { withE2eDatabase } from './database';
import { expectAccessible, openFromNav, signInHome } from './support';

// The demo seed's dead letter (apps/api/src/db/seed-webhooks.ts): no route makes an event dead, and
// the real way takes 14 failed tries and the sweeper's minutes.
const EVENT = { type: 'customer.updated', id: 'evt_demo_dead_letter' };

// a try of this test that pressed Retry used the dead letter up: each try starts from it dead, as the seed left it
test.beforeEach(() =>
  withE2eDatabase((db) =>
    db.query(`update webhook_events set status = 'dead', attempts = 14, last_error = $2 where event_id = $1 and vendor = 'stripe'`, [
      EVENT.id,
      'The Stripe API did not answer within 10 seconds (a demo event: try it again from Admin → Vendor events)',
    ]),
  ),
);

test("Harbor's System Admin sees a dead vendor event and retries it from the keyboard", async ({ page }) => {
  test.setTimeout(90_000);
  await signInHome(page, 'admin');
  await openFromNav(page, 'Vendor events');
  await expect(page).toHaveURL(/\/admin\/vendor-events$/);
  // the first load of the screen (its code and its query) within the test's time, not the 7 s of one expectation
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(EVENT.type) }) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('cell').nth(0)).toHaveText('stripe');
  await expect(row.getByRole('cell').nth(1)).toHaveText('14');
  await expect(row).toContainText('The Stripe API did not answer');
  // received two days ago, shown in the admin's time zone (Eastern) as the other screens show times
  await expect(row.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/);
  await expectAccessible(page);

  const retry = row.getByRole('button', { name: `Retry ${EVENT.type} event ${EVENT.id}` });
  await retry.focus();
  await page.keyboard.press('Enter');
  const result = page.getByText(`The stripe event ${EVENT.type} (${EVENT.id}) is being tried again.`);
  await expect(result).toBeVisible();
  // no longer dead: it leaves the list, and the focus is on the result rather than lost with it
  await expect(row).toHaveCount(0);
  await expect(result.locator('..')).toBeFocused();
  await expectAccessible(page);
});
