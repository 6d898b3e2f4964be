import { expect, test, type Page } from './fixtures';
import { addSession, createContact, expectAccessible, uniqueLetters } from './support';

/** Whether the page scrolls sideways: the document is wider than the window. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) > window.innerWidth);

/** Whether the contact list's own scroll area is wider than what it shows. */
const listScrollsSideways = (page: Page) =>
  page.getByTestId('contacts-scroll').evaluate((element) => element.scrollWidth > element.clientWidth);

async function openContacts(page: Page) {
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
}

test.describe('contact list layout', () => {
  test.describe.configure({ timeout: 90_000 });

  test('on a 1366 px screen every default column fits, and the chosen columns are kept for the user', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await addSession(page, 'agent');
    await createContact(page, { first_name: `Wide${uniqueLetters()}`, last_name: 'Column', phones: [{ number: '5125550177' }] });
    await openContacts(page);
    const table = page.getByRole('table', { name: 'Contacts' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const headers = table.getByRole('columnheader');
    await expect(headers).toHaveText(['Select all loaded contacts', 'Name', 'Category', 'Phone', 'Email', 'Tags', 'Owner', 'Created']);
    await expect(table.getByRole('columnheader', { name: 'Created' })).toBeInViewport();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await listScrollsSideways(page)).toBe(false);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('contacts-1366.png') });

    // Choose City and State, leave out Tags: the table follows and the choice outlives a reload.
    await page.getByRole('button', { name: 'Choose the columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'City' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'State' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Tags' }).click();
    await page.keyboard.press('Escape');
    await expect(headers).toHaveText(['Select all loaded contacts', 'Name', 'Category', 'Phone', 'Email', 'City', 'State', 'Owner', 'Created']);
    await page.reload();
    await expect(headers).toHaveText(['Select all loaded contacts', 'Name', 'Category', 'Phone', 'Email', 'City', 'State', 'Owner', 'Created']);
    expect(await listScrollsSideways(page)).toBe(false);

    // A narrower window leaves out the chosen columns of lowest priority instead of scrolling sideways.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(headers).toHaveText(['Select all loaded contacts', 'Name', 'Category', 'Phone', 'Email', 'Owner']);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await listScrollsSideways(page)).toBe(false);
    await page.getByRole('button', { name: 'Choose the columns' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: /City/ })).toContainText('Not shown: no room on this screen');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.screenshot({ path: testInfo.outputPath('contacts-1024.png') });
  });

  test('on a 390 px phone: a menu button for the navigation, cards instead of rows, the actions in a menu, nothing sideways', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await addSession(page, 'agent');
    const name = `Phone${uniqueLetters()}`;
    await createContact(page, { first_name: name, last_name: 'Card', phones: [{ number: '5125550178' }], emails: [{ email: `${name.toLowerCase()}@example.com` }] });
    await openContacts(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Contacts' })).toBeHidden();
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill(name);
    const cards = page.getByRole('list', { name: 'Contacts' });
    await expect(cards.getByRole('link', { name: `${name} Card` })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await listScrollsSideways(page)).toBe(false);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('contacts-390.png'), fullPage: true });

    await page.getByRole('button', { name: 'Contact list actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Import' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('contacts-390-actions.png') });
    await page.keyboard.press('Escape');

    await nav.getByRole('button', { name: 'Menu' }).click();
    await expect(nav.getByRole('link', { name: 'Contacts' })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath('contacts-390-nav.png') });
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav.getByRole('link', { name: 'Contacts' })).toBeHidden();
    expect(await scrollsSideways(page)).toBe(false);

    // A card opens its contact.
    await openContacts(page);
    await cards.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/contacts\/\d+/);
  });
});
