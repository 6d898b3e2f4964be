import { expect, test } from './fixtures';
import { createContact, expectAccessible, openSignedIn, uniqueLetters } from './support';

test.describe('transfers', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a manager transfers two contacts to an agent, follows it to done, and reverts it from the transfer page', async ({ page }) => {
    const u = uniqueLetters();
    await openSignedIn(page, 'manager');
    const ids = [await createContact(page, { first_name: `Tran${u}`, last_name: 'Alpha' }), await createContact(page, { first_name: `Tran${u}`, last_name: 'Beta' })];
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill(`tran${u}`);
    await expect(page.getByText('2 contacts', { exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all loaded contacts' }).click();
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Transfer 2 contacts' });
    await dialog.getByRole('textbox', { name: 'Find a user' }).fill('agent@harbor');
    await dialog.getByRole('combobox', { name: 'Move to' }).click();
    await page.getByRole('option', { name: /\(agent@harbor-demo\.example\)$/ }).click();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();

    // followed in the process notification until done
    await expect(page.getByRole('status').filter({ hasText: /^Moved 2 contacts to / })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: 'See the transfer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Transfer to / })).toBeVisible();
    await expect(page.getByRole('link', { name: `Tran${u} Alpha` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Tran${u} Beta` })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Revert' }).click();
    await page.getByRole('dialog', { name: 'Revert this transfer?' }).getByRole('button', { name: 'Revert' }).click();
    await expect(page.getByRole('paragraph').filter({ hasText: /^Reverted$/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);

    // the contacts are the manager's again: the transfer history says so
    await page.goto(`/contacts/${ids[0]}?tab=transfers`);
    await expect(page.getByRole('link', { name: /^Reverted/ })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('print and mailer assignment', () => {
  test.describe.configure({ timeout: 90_000 });

  test('an agent prints mailing labels of a contact and downloads the PDF', async ({ page }) => {
    const u = uniqueLetters();
    await openSignedIn(page, 'agent');
    await createContact(page, { first_name: `Prin${u}`, last_name: 'Label', address1: '1 Main St', city: 'Tampa', state: 'FL', zip: '33601' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill(`prin${u}`);
    await expect(page.getByText('1 contact', { exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all loaded contacts' }).click();
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Print 1 contact' });
    await dialog.getByRole('combobox', { name: 'Layout' }).click();
    await page.getByRole('option', { name: /^Mailing labels/ }).click();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Make PDF' }).click();
    await expect(page.getByText('The mailing labels for 1 contact are ready.')).toBeVisible({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^mailing-labels-\d{4}-\d{2}-\d{2}\.pdf$/);
    const bytes = Buffer.concat(await (await download.createReadStream()).toArray());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('a manager opens mailer assignment; an agent has no such screen', async ({ page }) => {
    await openSignedIn(page, 'manager', '/contacts/mailers');
    await expect(page.getByRole('heading', { level: 1, name: 'Mailer assignment' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/login');
    await page.context().clearCookies();
    await openSignedIn(page, 'agent', '/contacts/mailers');
    await expect(page.getByText('Access denied!')).toBeVisible();
  });
});
