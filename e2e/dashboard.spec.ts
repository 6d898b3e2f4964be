import { expect, test, type Page } from './fixtures';
import { addSession, createContact, expectAccessible, openSignedIn, uniqueLetters } from './support';

/** The demo agent's calendar day: their time zone is Pacific. */
const agentToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
const daysAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const region = (page: Page, name: string) => page.getByRole('region', { name });

test.describe('dashboard', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the demo agent sees their upcoming birthdays, new leads, contacts turning 65 and counts, with data', async ({ page }) => {
    await openSignedIn(page, 'agent');
    // the seed gives the agent three clients and three prospects with a birthday in the next two weeks
    for (const name of ['Client birthdays', 'Prospect birthdays']) {
      const card = region(page, name);
      // the cards' first answers within the test's time, not the 7 s of one expectation
      await expect(card.getByRole('listitem')).not.toHaveCount(0, { timeout: 30_000 });
      await expect(card.getByRole('listitem').nth(2)).toBeAttached(); // at least three
      await expect(card.getByRole('status')).toContainText(/\d+ of \d+ (client|prospect) birthdays to /);
      await expect(card.getByRole('link').first()).toHaveAttribute('href', /^\/contacts\/\d+$/);
    }
    // two leads arrived with the seed, two contacts turn 65 within three months (Harbor sells Medicare)
    await expect(region(page, 'New leads this week')).toContainText(/new leads? since /);
    await expect(region(page, 'Turning 65').getByRole('listitem')).not.toHaveCount(0);
    await expect(region(page, 'Contacts by category').getByRole('definition')).toHaveCount(3);
    await expect(region(page, 'Imports and transfers')).toContainText('No imports or transfers running.');
    await expect(region(page, 'Upcoming events')).toContainText('Coming soon.');
    await expectAccessible(page);
  });

  test('"Show more" appends the next birthdays under the first ten, from the keyboard, and a contact opens its page', async ({ page }) => {
    const u = uniqueLetters();
    await addSession(page, 'agent');
    const today = agentToday();
    // eleven more clients with a birthday in the window: more than one page of ten
    const letters = 'abcdefghijk';
    for (const [n, letter] of [...letters].entries())
      await createContact(page, { first_name: `Bday${u}`, last_name: letter.toUpperCase(), category: 'client', date_of_birth: `1961${daysAfter(today, n % 12).slice(4)}`.replace(/^1961-02-29$/, '1961-03-01') });

    await page.goto('/');
    const card = region(page, 'Client birthdays');
    await expect(card.getByRole('listitem')).toHaveCount(10, { timeout: 30_000 });
    const status = card.getByRole('status');
    await expect(status).toContainText(/10 of \d+ client birthdays/);
    const total = Number((await status.textContent())?.match(/of (\d+)/)?.[1]);
    expect(total).toBeGreaterThanOrEqual(14);
    const firstTen = await card.getByRole('listitem').allTextContents();

    const showMore = card.getByRole('button', { name: 'Show more' });
    await showMore.focus();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('listitem')).toHaveCount(Math.min(20, total));
    // appended: the first ten stay where they were
    expect((await card.getByRole('listitem').allTextContents()).slice(0, 10)).toEqual(firstTen);
    await expect(card.getByRole('listitem').nth(10).getByRole('link')).toBeFocused();
    await expect(status).toContainText(`${Math.min(20, total)} of ${total} client birthdays`);
    await expectAccessible(page);

    // to the end of the list: every contact the test made is in it, once
    while (await showMore.isVisible()) {
      const shown = await card.getByRole('listitem').count();
      await showMore.click();
      await expect(card.getByRole('listitem')).not.toHaveCount(shown);
    }
    await expect(card.getByRole('listitem')).toHaveCount(total);
    const made = card.getByRole('link', { name: new RegExp(`^Bday${u} `) });
    await expect(made).toHaveCount(11);
    await made.first().click();
    await expect(page).toHaveURL(/\/contacts\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Bday${u}`) })).toBeVisible();
  });
});
