import { expect, test, type Page } from './fixtures';
import { addSession, createContact, expectAccessible, openSignedIn, uniqueLetters } from './support';

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search contacts' });
  await box.fill(text);
}

test.describe('contacts', () => {
  test('creating a contact with a phone another contact has shows that contact and asks before saving', async ({ page }) => {
    await addSession(page, 'agent');
    const phone = `555${String(Date.now()).slice(-7)}`;
    const first = `Twin${uniqueLetters()}`;
    const original = await createContact(page, { first_name: first, last_name: 'Original', phones: [{ number: phone, phone_type: 2 }] });

    await page.goto('/contacts/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New contact' })).toBeVisible();
    await page.getByLabel('First name').fill(first);
    await page.getByLabel('Last name').fill('Copy');
    await page.getByRole('button', { name: 'Add phone' }).click();
    await page.getByLabel('Phone 1', { exact: true }).pressSequentially(phone);
    await page.getByRole('button', { name: 'Create contact' }).click();

    // the contact that has the phone, linked, and the question; nothing saved yet
    await expect(page.getByRole('heading', { name: 'Another contact has this phone or e-mail' })).toBeFocused();
    await expect(page.getByRole('link', { name: new RegExp(`${first} Original`) })).toHaveAttribute('href', `/contacts/${original}`);
    await expect(page).toHaveURL(/\/contacts\/new$/);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save anyway' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${first} Copy` })).toBeVisible();
    await expect(page).toHaveURL(/\/contacts\/\d+$/);
    expect(page.url()).not.toMatch(new RegExp(`/contacts/${original}$`));
  });

  test('an agent creates a contact, finds it, deletes it and restores it from the trash', async ({ page }) => {
    // a long journey (five screens, six accessibility checks): 21 s on an idle machine, over 30 s with both cores busy
    test.setTimeout(90_000);
    const first = `Zephyr${uniqueLetters()}`;
    const last = 'Okafor';
    const name = `${first} ${last}`;
    const phone = `555${String(Date.now()).slice(-7)}`;
    const formatted = `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;

    await openSignedIn(page, 'agent');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page);

    // Create
    await page.getByRole('link', { name: 'New contact' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New contact' })).toBeVisible();
    await page.getByLabel('First name').fill(first);
    await page.getByLabel('Last name').fill(last);
    await page.getByRole('button', { name: 'Add phone' }).click();
    await page.getByLabel('Phone 1', { exact: true }).pressSequentially(phone);
    await expect(page.getByLabel('Phone 1', { exact: true })).toHaveValue(formatted);
    await page.getByLabel('City').pressSequentially('Austin!');
    await expect(page.getByLabel('City')).toHaveValue('Austin');
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Texas' }).click();
    await page.getByRole('button', { name: 'Create contact' }).click();
    await expect(page).toHaveURL(/\/contacts\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(`1-${formatted}`)).toBeVisible();
    await expectAccessible(page);

    // Find by name, then by phone
    await page.getByRole('link', { name: 'Contacts' }).first().click();
    await search(page, first);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await expect(page.getByText('1 contact', { exact: true })).toBeVisible();
    await search(page, formatted);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await expect(page.getByText('1 contact', { exact: true })).toBeVisible();
    await search(page, `${first}nobody`);
    await expect(page.getByText('No contacts match')).toBeVisible();

    // Find by the advanced search
    await search(page, '');
    await page.getByRole('button', { name: /Advanced search/ }).click();
    await page.getByRole('textbox', { name: 'Condition 1 value' }).fill(first);
    await page.getByRole('button', { name: 'Apply search' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await expect(page.getByText('1 contact', { exact: true })).toBeVisible();

    // The search is remembered on return
    await page.reload();
    await expect(page.getByRole('button', { name: 'Advanced search (1)' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

    // Delete with confirmation
    await page.getByRole('checkbox', { name: `Select ${name}` }).click();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 1 contact?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('1 contact moved to the trash.')).toBeVisible();
    await expect(page.getByText('No contacts match')).toBeVisible();

    // Restore from the trash
    await page.getByRole('button', { name: 'Trash' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    await page.getByRole('checkbox', { name: `Select ${name}` }).click();
    await page.getByRole('button', { name: 'Restore selected' }).click();
    await expect(page.getByText('1 contact restored.')).toBeVisible();
    await page.getByRole('button', { name: 'Back to contacts' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

    // Rows open with Enter
    await page.getByRole('row', { name: new RegExp(name) }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('a name in any language is kept whole and found without its accents and apostrophe', async ({ page }) => {
    const phone = `555${String(Date.now()).slice(-7)}`;
    const formatted = `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;
    await openSignedIn(page, 'agent', '/contacts/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New contact' })).toBeVisible();
    // typed key by key: the letters with accents stay, what no name has (< and the emoji) goes
    await page.getByLabel('First name').pressSequentially('Zoë<😀');
    await page.getByLabel('Last name').pressSequentially("O'Connor-Ñúñez");
    await expect(page.getByLabel('First name')).toHaveValue('Zoë');
    await expect(page.getByLabel('Last name')).toHaveValue("O'Connor-Ñúñez");
    await page.getByRole('button', { name: 'Add phone' }).click();
    await page.getByLabel('Phone 1', { exact: true }).pressSequentially(phone);
    await page.getByRole('button', { name: 'Create contact' }).click();
    await expect(page).toHaveURL(/\/contacts\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: "Zoë O'Connor-Ñúñez" })).toBeVisible();

    await page.getByRole('link', { name: 'Contacts' }).first().click();
    // this run's contact: its name, and the phone no other contact has
    const row = page.getByRole('row', { name: "Zoë O'Connor-Ñúñez" }).filter({ hasText: formatted });
    for (const text of ['zoe oconnor', 'Nunez']) {
      await search(page, text);
      await expect(row).toBeVisible();
    }
  });
});
