import { REAUTH_REQUIRED } from '@crm/contract';
import { expect, test, type Locator, type Page } from './fixtures';
import { PASSWORD_PERSONAL } from '@crm/password-rule';
import { addSessionAt, apiGetAs, atEveryWidth, BRAND_KEYS, callFromPage, brandEmail, brandOrigin, DEMO_PASSWORD, expectAccessible, openSignedInAt, SCREEN_SIZES, scrollsSideways, settle, uniqueLetters, type BrandKey } from './support';

/** Each brand's demo agent. */
const AGENT: Record<BrandKey, string> = { harbor: 'agent', keystone: 'agent', evergreen: 'preneed' };

/** Creates a contact with the page's own session (on the brand's host), as the app's client does. */
async function createContactHere(page: Page, body: Record<string, unknown>): Promise<number> {
  const made = await callFromPage(page, 'POST', '/v1/contacts', body);
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  return (made.json as { data: { id: number } }).data.id;
}

/** How an element's top border is drawn ('solid' for a button, 'none' for a link-like text). */
const borderStyle = (element: Locator) => element.evaluate((el) => getComputedStyle(el).borderTopStyle);

// Screens checked once per brand, at every width in turn (one sign-in, one set-up).
for (const brand of BRAND_KEYS) {
  test(`${brand}: import preview: each row says what the import will do (an exact repeat Refused, a repeated phone "Skipped (scrubbed)"), and follows the scrubbing chosen, at 1366, 1280 and 390 px`, async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    const origin = brandOrigin(baseURL, brand);
    const u = uniqueLetters();
    // an exchange of this run's own: no contact of an earlier run (a retry) has these phones
    const x = String(200 + Math.floor(Math.random() * 800));
    const csv = ['First Name,Last Name,Phone', `Ada,Rep${u},555${x}0101`, `Ada,Rep${u},555${x}0101`, `Ava,Other${u},555${x}0101`, `Ben,Rep${u},555${x}0102`].join('\r\n');
    await openSignedInAt(page, origin, brandEmail(brand, AGENT[brand]), '/contacts/import');
    await page.getByLabel('CSV or Excel file').setInputFiles({ name: `repeat-${u}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const preview = page.getByRole('table', { name: 'First rows of the file' });
    await expect(preview.getByRole('row', { name: /^2 Imports Ada/ })).toBeVisible();
    await expect(preview.getByRole('row', { name: /^3 Refused Ada/ })).toBeVisible();
    await expect(preview.getByRole('row', { name: /^4 Skipped \(scrubbed\) Ava/ })).toBeVisible();
    await expect(preview.getByRole('row', { name: /^5 Imports Ben/ })).toBeVisible();
    await expect(page.getByText('2 import, 0 import with warnings, 1 refused, 1 skipped by scrubbing.')).toBeVisible();
    const problems = page.getByRole('table', { name: /^Problems, page 1 of 1/ });
    await expect(problems.getByRole('row', { name: /^3 Refused/ })).toContainText('Repeats row 2');
    await expect(problems.getByRole('row', { name: /^4 Skipped \(scrubbed\)/ })).toContainText('Same phone as row 2');
    await atEveryWidth(page);

    // without the phone scrub the row with the repeated phone imports, and the options say so
    await page.getByRole('button', { name: 'Next: options' }).click();
    await page.getByRole('checkbox', { name: "An existing contact's phone" }).uncheck();
    await expect(page.getByText('With these choices, of the first 4 rows: 3 import, 0 import with warnings, 1 refused, 0 skipped by scrubbing.')).toBeVisible();
    await atEveryWidth(page);
  });
}

for (const brand of BRAND_KEYS) {
  // each screen in one test per brand: signed in once, then its journey at each width in turn
  test.describe(`${brand} at 1366, 1280 and 390 px`, () => {
    test('contact page: a Quick note counts in the Notes tab, Log call asks for the outcome and can be undone, Mark verified is a button', async ({ page, baseURL }) => {
      test.setTimeout(180_000);
      const origin = brandOrigin(baseURL, brand);
      // a page of the brand's host, whose own session and CSRF token make the contacts
      await openSignedInAt(page, origin, brandEmail(brand, AGENT[brand]));
      for (const size of SCREEN_SIZES) {
        await page.setViewportSize(size);
        const u = uniqueLetters();
        const id = await createContactHere(page, { first_name: 'Nora', last_name: `Newcomer${u}`, emails: [{ email: `nora.${u}@example.com` }] });
        await page.goto(`${origin}/contacts/${id}?tab=notes`);
        await expect(page.getByRole('heading', { name: 'Notes (0)' })).toBeVisible();

        // the Quick note goes to the Notes tab, whose count follows
        await page.getByRole('tab', { name: 'Overview' }).click();
        const quick = page.getByRole('form', { name: 'Quick note' });
        await quick.getByLabel('Quick note').fill('Asked for a brochure');
        await quick.getByRole('button', { name: 'Add note' }).click();
        await expect(page.getByText('Note added.')).toBeVisible();
        await expect(quick.getByLabel('Quick note')).toHaveValue('');

        // "Mark verified" is drawn as a button: a border like "Validate" beside it
        const emailActions = page.getByRole('group', { name: `nora.${u}@example.com` });
        const border = (name: string) => borderStyle(emailActions.getByRole('button', { name }));
        expect(await border('Mark verified')).toBe('solid');
        expect(await border('Mark verified')).toBe(await border('Validate'));

        // Log call: the outcome is asked for (beside the field), then the call can be undone
        await page.getByRole('button', { name: 'Log call' }).click();
        const dialog = page.getByRole('dialog', { name: 'Log call' });
        await dialog.getByRole('button', { name: 'Save call' }).click();
        await expect(dialog.getByText('Choose how the call went')).toBeVisible();
        await expectAccessible(page);
        await dialog.getByRole('radio', { name: 'Left a voicemail' }).check();
        await dialog.getByLabel('Note').fill('Call back Monday');
        await dialog.getByRole('button', { name: 'Save call' }).click();
        await expect(dialog).toHaveCount(0);
        await expect(page.getByText(/^Last activity: Call,/)).toBeVisible();
        await page.getByRole('tab', { name: 'Notes', exact: true }).click();
        await expect(page.getByRole('heading', { name: 'Notes (2)' })).toBeVisible();
        await expect(page.getByRole('list', { name: 'Notes' }).getByText('Call — Left a voicemail: Call back Monday')).toBeVisible();
        await expectAccessible(page);
        expect(await scrollsSideways(page)).toBe(false);

        await page.getByRole('button', { name: 'Undo call' }).click();
        await expect(page.getByText('Call removed.')).toBeVisible();
        await expect(page.getByText('No activity recorded yet')).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Notes (1)' })).toBeVisible();
        await expect(page.getByRole('list', { name: 'Notes' }).getByText('Asked for a brochure')).toBeVisible();
      }
    });

    test('contacts: one last name is listed by first name, then id; "jiwoo" finds Ji-woo', async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      const origin = brandOrigin(baseURL, brand);
      // a page of the brand's host, whose own session and CSRF token make the contacts
      await openSignedInAt(page, origin, brandEmail(brand, AGENT[brand]));
      for (const size of SCREEN_SIZES) {
        await page.setViewportSize(size);
        const u = uniqueLetters();
        // created Maria, Hans, Greta: the ids run against the first names
        for (const first of ['Maria', 'Hans', 'Greta']) await createContactHere(page, { first_name: first, last_name: `Garcia${u}` });
        await createContactHere(page, { first_name: 'Ji-woo', last_name: `Park${u}` });
        await page.goto(`${origin}/contacts`);
        const search = page.getByRole('searchbox', { name: 'Search contacts' });
        await search.fill(`Garcia${u}`);
        await expect(page.getByText('3 contacts', { exact: true })).toBeVisible();
        const list = page.getByTestId('contacts-scroll');
        await expect(list.getByRole('link', { name: `Maria Garcia${u}` })).toBeVisible();
        const text = await list.innerText();
        const at = ['Greta', 'Hans', 'Maria'].map((first) => text.indexOf(`${first} Garcia${u}`));
        expect(at.every((index) => index >= 0)).toBe(true);
        expect([...at].sort((a, b) => a - b)).toEqual(at);

        await search.fill(`jiwoo park${u}`);
        await expect(page.getByText('1 contact', { exact: true })).toBeVisible();
        await expect(list.getByRole('link', { name: `Ji-woo Park${u}` })).toBeVisible();
        await expectAccessible(page);
        expect(await scrollsSideways(page)).toBe(false);
      }
    });

    test("password: the meter and the form refuse a password holding the user's own name", async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      const origin = brandOrigin(baseURL, brand);
      await addSessionAt(page, origin, brandEmail(brand, AGENT[brand]));
      for (const size of SCREEN_SIZES) {
        await page.setViewportSize(size);
        const me = (await (await apiGetAs(page, baseURL, brand, '/v1/users/me')).json()) as { profile: { first_name: string } };
        await page.goto(`${origin}/account/profile?tab=password`);
        const form = page.getByRole('form', { name: 'Change password' });
        const next = `${me.profile.first_name}-Lantern-Harvest-77`;
        await form.getByLabel(/^Current password/).fill(DEMO_PASSWORD);
        await form.getByLabel(/^New password/).fill(next);
        await expect(form.getByText(PASSWORD_PERSONAL)).toBeVisible();
        await expect(form.getByText('Strength: Weak')).toBeVisible();
        await form.getByLabel(/^Confirm new password/).fill(next);
        await form.getByRole('button', { name: 'Change password' }).click();
        await expect(form.getByLabel(/^New password/)).toHaveAttribute('aria-invalid', 'true');
        await expect(form.getByText(PASSWORD_PERSONAL)).toBeVisible();
        await expect(form.getByLabel(/^New password/)).toHaveValue(next);
        await expectAccessible(page);
        expect(await scrollsSideways(page)).toBe(false);
      }
    });

    test('Security: the re-authentication dialog keeps Cancel beside Confirm, then the key is made; Rename is a button', async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      const origin = brandOrigin(baseURL, brand);
      await addSessionAt(page, origin, brandEmail(brand, AGENT[brand]));
      for (const size of SCREEN_SIZES) {
        await page.setViewportSize(size);
        await page.unroute('**/v1/api_keys');
        // the first POST answers as the server answers a session that signed in more than 15 minutes ago
        let asked = false;
        await page.route('**/v1/api_keys', async (route) => {
          if (route.request().method() !== 'POST' || asked) return route.continue();
          asked = true;
          await route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ errors: { user: 'Confirm it is you to continue', reauth: REAUTH_REQUIRED } }) });
        });
        await page.goto(`${origin}/account/profile?tab=security`);
        // The re-authentication dialog's code is fetched when the signed-in frame first shows: a click
        // before it has come gets the 403's message in place of the dialog. The page settled, it is there.
        const keyName = page.getByLabel('Name of the new key');
        await expect(keyName).toBeVisible();
        await settle(page);
        const name = `Mailer ${uniqueLetters()}`;
        await keyName.fill(name);
        await page.getByRole('checkbox', { name: /^See contacts/ }).check();
        await page.getByRole('button', { name: 'Create key' }).click();

        const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
        await expect(dialog).toBeVisible();
        const [cancel, confirm] = [await dialog.getByRole('button', { name: 'Cancel', exact: true }).boundingBox(), await dialog.getByRole('button', { name: 'Confirm', exact: true }).boundingBox()];
        // one row: each button's top is above the other's bottom, Cancel first
        expect(cancel!.y < confirm!.y + confirm!.height && confirm!.y < cancel!.y + cancel!.height).toBe(true);
        expect(cancel!.x).toBeLessThan(confirm!.x);
        await expectAccessible(page);
        expect(await scrollsSideways(page)).toBe(false);
        await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
        await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
        await expect(dialog).toHaveCount(0);
        await expect(page.getByLabel('New API key')).toHaveValue(/^crm_/);

        const rename = page.getByRole('button', { name: `Rename ${name}` });
        await expect(rename).toBeVisible();
        expect(await borderStyle(rename)).toBe('solid');
      }
    });

    test('Admin → Users: the Log in as and Impersonate dialogs say how they differ', async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      const origin = brandOrigin(baseURL, brand);
      await addSessionAt(page, origin, brandEmail(brand, 'admin'));
      for (const size of SCREEN_SIZES) {
        await page.setViewportSize(size);
        await page.goto(`${origin}/admin/users`);
        const loginAs = page.getByRole('button', { name: /^Log in as / }).first();
        const name = ((await loginAs.getAttribute('aria-label')) ?? '').replace(/^Log in as /, '');
        await loginAs.click();
        const first = page.getByRole('dialog', { name: `Log in as ${name}?` });
        await expect(first).toContainText(`You will be signed in as ${name}, with their role and everything they reach, as if they had signed in themselves`);
        await expect(first).toContainText('Your administrator session is kept aside');
        await expectAccessible(page);
        await first.getByRole('button', { name: 'Cancel' }).click();

        await page.getByRole('button', { name: `Impersonate ${name}` }).click();
        const second = page.getByRole('dialog', { name: `Impersonate ${name}?` });
        await expect(second).toContainText(`You will act on ${name}'s behalf while staying yourself`);
        await expect(second).toContainText('you cannot impersonate anyone else from their account');
        await expect(second).not.toContainText('Your administrator session is kept aside');
        await expectAccessible(page);
        await second.getByRole('button', { name: 'Cancel' }).click();
        await expect(second).toHaveCount(0);
      }
    });
  });
}
