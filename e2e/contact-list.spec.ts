import { expect, test, type Page } from './fixtures';
import { createContact, expectAccessible, openSignedIn, uniqueLetters } from './support';

/** `15125550101` as the contact page shows it: 1-512-555-0101. */
const shown = (digits: string) => `${digits.slice(0, 1)}-${digits.slice(1, 4)}-${digits.slice(4, 7)}-${digits.slice(7)}`;



async function openContacts(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search contacts' });

test.describe('contact list: tags, filters, quick filters, duplicates', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an agent bulk-tags two contacts, filters by the tag, and saves and re-applies a quick filter', async ({ page }) => {
    const u = uniqueLetters();
    const first = `Marlo${u}`;
    const tagName = `Tag${u}`;
    const filterName = `Tagged ${u}`;

    await openSignedIn(page, 'agent');
    await createContact(page, { first_name: first, last_name: 'Ashby', phones: [{ number: '5125550111' }] });
    await createContact(page, { first_name: first, last_name: 'Brook', phones: [{ number: '5125550112' }] });
    await openContacts(page);

    // Bulk tag both, with a tag made inline
    await searchBox(page).fill(first);
    await expect(page.getByText('2 contacts', { exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all loaded contacts' }).click();
    await page.getByRole('button', { name: 'Tag', exact: true }).click();
    const tagDialog = page.getByRole('dialog', { name: 'Tag 2 contacts' });
    await tagDialog.getByRole('textbox', { name: 'New tag name' }).fill(tagName);
    await tagDialog.getByRole('radio', { name: 'Teal' }).check();
    await tagDialog.getByRole('button', { name: 'Create tag' }).click();
    const toAdd = tagDialog.getByRole('group', { name: /^Tags to add/ });
    await expect(toAdd.getByRole('checkbox', { name: tagName })).toBeChecked();
    await expectAccessible(page);
    await tagDialog.getByRole('button', { name: 'Apply tags' }).click();
    await expect(page.getByText('Tagged 2 contacts')).toBeVisible();
    await expect(tagDialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(`${first} Ashby`) }).getByText(tagName)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${first} Brook`) }).getByText(tagName)).toBeVisible();
    await page.getByRole('button', { name: 'Clear selection' }).click();

    // Filter by the tag alone
    await searchBox(page).fill('');
    await page.getByRole('button', { name: /^Advanced search/ }).click();
    const included = page.getByRole('group', { name: /^Tags included/ });
    await included.getByRole('searchbox', { name: 'Find tags to include' }).fill(tagName);
    await included.getByRole('checkbox', { name: tagName }).click();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Apply search' }).click();
    await expect(page.getByText('2 contacts', { exact: true })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${first} Ashby`) })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${first} Brook`) })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Advanced search (1)' })).toBeVisible();

    // Save the search as a quick filter; the same name twice is refused beside the field
    await page.getByRole('button', { name: 'Quick filters' }).click();
    await page.getByRole('region', { name: 'Quick filters' }).getByRole('button', { name: 'Save current search…' }).click();
    let nameDialog = page.getByRole('dialog', { name: 'Save current search' });
    await nameDialog.getByRole('textbox', { name: 'Name' }).fill(filterName);
    await nameDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Quick filter “${filterName}” saved`)).toBeVisible();
    await page.getByRole('button', { name: 'Quick filters' }).click();
    await page.getByRole('region', { name: 'Quick filters' }).getByRole('button', { name: 'Save current search…' }).click();
    nameDialog = page.getByRole('dialog', { name: 'Save current search' });
    await nameDialog.getByRole('textbox', { name: 'Name' }).fill(filterName);
    await nameDialog.getByRole('button', { name: 'Save' }).click();
    await expect(nameDialog.getByText('You already have a quick filter with this name')).toBeVisible();
    await nameDialog.getByRole('button', { name: 'Cancel' }).click();

    // Clear everything, then re-apply the quick filter
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page.getByRole('button', { name: 'Advanced search', exact: true })).toBeVisible();
    await expect(page.getByText('2 contacts', { exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Quick filters' }).click();
    await page.getByRole('region', { name: 'Quick filters' }).getByRole('button', { name: `Apply ${filterName}` }).click();
    await expect(page.getByText(`Quick filter “${filterName}” applied.`)).toBeVisible();
    await expect(page.getByText('2 contacts', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Advanced search (1)' })).toBeVisible();

    // The filtered search is remembered on return
    await page.reload();
    await expect(page.getByText('2 contacts', { exact: true })).toBeVisible();

    // Delete the quick filter after confirming
    await page.getByRole('button', { name: 'Quick filters' }).click();
    await page.getByRole('region', { name: 'Quick filters' }).getByRole('button', { name: `Delete ${filterName}` }).click();
    await page.getByRole('dialog', { name: `Delete the quick filter “${filterName}”?` }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`Quick filter “${filterName}” deleted`)).toBeVisible();
  });

  test('an admin finds two duplicates, merges them choosing a value from the second, and restores the merged one', async ({ page }) => {
    const u = uniqueLetters();
    // "Aaab…" sorts first (last_name ascending), so the group is on the first page of the scan.
    const first = `Dupe${u}`;
    const last = `Aaab${u}`;
    const name = `${first} ${last}`;
    const phoneA = '15125550121';
    const phoneB = '13035550122';

    await openSignedIn(page, 'admin');
    const olderId = await createContact(page, { first_name: first, last_name: last, city: 'Austin', phones: [{ number: phoneA }] });
    const newerId = await createContact(page, { first_name: first, last_name: last, city: 'Denver', phones: [{ number: phoneB }] });
    await openContacts(page);

    await page.getByRole('link', { name: 'Duplicates' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Duplicates' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'First name' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Last name' })).toBeChecked();
    const group = page.getByRole('region', { name: `Duplicates of ${name}` });
    await expect(group).toBeVisible();
    await expect(group.getByRole('row')).toHaveCount(3);
    await expectAccessible(page);

    await group.getByRole('button', { name: /^Merge/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge 2 contacts' });
    await expect(dialog.getByRole('radio', { name: `Keep ${name} (#${olderId})` })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: `City from ${name} (#${olderId}): Austin` })).toBeChecked();
    await dialog.getByRole('radio', { name: `City from ${name} (#${newerId}): Denver` }).check();
    await expect(dialog.getByText(/1 phone, 0 e-mails/)).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await expect(page.getByText('Merged 2 contacts.')).toBeVisible();
    await expect(group).toBeHidden();

    // One contact is left, with both phones and the city chosen from the second
    await page.getByRole('link', { name: `Open ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/contacts/${olderId}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(shown(phoneA))).toBeVisible();
    await expect(page.getByText(shown(phoneB))).toBeVisible();
    await expect(page.getByText('Denver').first()).toBeVisible();
    await openContacts(page);
    await searchBox(page).fill(first);
    await expect(page.getByText('1 contact', { exact: true })).toBeVisible();

    // The merged contact waits in the trash and comes back from there
    await page.getByRole('button', { name: 'Trash' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    await searchBox(page).fill(first);
    await expect(page.getByText('1 in the trash', { exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: `Select ${name}` }).click();
    await page.getByRole('button', { name: 'Restore selected' }).click();
    await expect(page.getByText('1 contact restored.')).toBeVisible();
    await page.getByRole('button', { name: 'Back to contacts' }).click();
    await expect(page.getByText('2 contacts', { exact: true })).toBeVisible();
  });
});

test.describe('contact list: export', () => {
  test('an agent exports the contacts matching a search as CSV and reads the downloaded file', async ({ page }) => {
    const u = uniqueLetters();
    await openSignedIn(page, 'agent');
    await createContact(page, { first_name: 'Exa', last_name: `Export${u}`, note: '=1+2' });
    await createContact(page, { first_name: 'Exb', last_name: `Export${u}` });
    await openContacts(page);
    await searchBox(page).fill(`export${u}`);
    await expect(page.getByText('2 contacts', { exact: true })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await (await download.createReadStream()).toArray()).map((chunk: Buffer) => chunk.toString('utf8')).join('');
    const lines = text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^ID,First name,Last name,/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`Exa,Export${u}`);
    expect(lines[1]).toContain(`'=1+2`);
    // the process notification followed the download and names the file saved
    await expect(page.getByRole('status').filter({ hasText: `Saved ${download.suggestedFilename()} with 2 contacts` })).toBeVisible();
  });
});
