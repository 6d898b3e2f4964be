import { expect, test, type Page } from './fixtures';
import { TIMEZONE_LABELS, type Timezone } from '@crm/contract';
import { addSessionAt, apiGetAs, BRAND_KEYS, brandEmail, brandOrigin, expectAccessible, openSignedInAt, scrollsSideways, uniqueLetters, type BrandKey } from './support';

/**
 * The demo users of each brand who reach the signed-in frame (not held at a forced change, a second
 * factor or billing): every role of each brand (account.spec, which changes Harbor's field manager
 * and telemarketer for good, runs after this one).
 */
const USERS: Record<BrandKey, readonly string[]> = {
  harbor: ['admin', 'subadmin', 'buadmin', 'manager', 'district', 'field', 'telemarketer', 'agent'],
  keystone: ['admin', 'rm', 'agent'],
  evergreen: ['admin', 'basic', 'preneed'],
};
const DESKTOP_WIDTHS = [1366, 1280] as const;
const WIDTHS = [...DESKTOP_WIDTHS, 390] as const;
const viewport = (width: number) => ({ width, height: width === 390 ? 844 : 768 });

/**
 * The header as laid out: its height, whether its parts (brand, navigation, help and user menu)
 * share one row, whether the visible navigation entries share one row, whether a
 * part sticks out of the header, and whether the page scrolls sideways.
 */
async function headerLayout(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('header')!;
    const row = header.firstElementChild!;
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 ? box : null;
    };
    const parts = [...row.children].map(visible).filter((box): box is DOMRect => box !== null);
    const entries = [...header.querySelectorAll('nav li')].filter((li) => li.parentElement?.closest('li') === null).map(visible).filter((box): box is DOMRect => box !== null);
    const bounds = header.getBoundingClientRect();
    return {
      height: Math.round(bounds.height),
      oneRow: Math.max(...parts.map((b) => b.top)) < Math.min(...parts.map((b) => b.bottom)),
      navOneRow: entries.length === 0 || Math.max(...entries.map((b) => b.top)) < Math.min(...entries.map((b) => b.bottom)),
      overflows: parts.some((b) => b.right > bounds.right + 0.5 || b.left < bounds.left - 0.5),
      sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  });
}

// Each test checks several screens with axe: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

test.describe('the header fits one row at 1366 and 1280 px', () => {
  for (const brand of BRAND_KEYS) {
    for (const key of USERS[brand]) {
      test(`${brand} ${key}: one row, nothing overflows, the admin and account menus open from the keyboard`, async ({ page, baseURL }) => {
        const origin = brandOrigin(baseURL, brand);
        await page.setViewportSize(viewport(1366));
        await openSignedInAt(page, origin, brandEmail(brand, key));
        const nav = page.getByRole('navigation', { name: 'Main' });
        await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
        for (const width of DESKTOP_WIDTHS) {
          await page.setViewportSize(viewport(width));
          const layout = await headerLayout(page);
          expect({ width, ...layout, height: layout.height <= 80 }).toEqual({
            width,
            height: true,
            oneRow: true,
            navOneRow: true,
            overflows: false,
            sideways: false,
          });
        }
        // Every group of the navigation is a menu button: Enter opens it on its first link, Escape
        // closes it and gives the focus back.
        const triggers = nav.getByRole('button');
        const count = await triggers.count();
        for (let i = 0; i < count; i += 1) {
          const trigger = triggers.nth(i);
          await trigger.focus();
          await page.keyboard.press('Enter');
          await expect(trigger).toHaveAttribute('aria-expanded', 'true');
          await expect(page.getByRole('menuitem').first()).toBeFocused();
          if (i === 0) await expectAccessible(page);
          await page.keyboard.press('Escape');
          await expect(trigger).toHaveAttribute('aria-expanded', 'false');
          await expect(trigger).toBeFocused();
        }
        const me = await (await apiGetAs(page, baseURL, brand, '/v1/users/me')).json();
        if (['admin', 'sub_admin'].includes(me.profile.account_type)) {
          // the admin screens are in one "Admin" menu
          await nav.getByRole('button', { name: 'Admin' }).click();
          // Vendor events is the System Admin's alone (the deployment's vendor events, not a company's)
          const systemAdmin = me.profile.account_type === 'admin' ? ['Vendor events'] : [];
          await expect(page.getByRole('menuitem')).toHaveText(['Users', 'Feature flags', 'Dialer plans', 'SMS plans', 'Campaign triggers', ...systemAdmin]);
          await page.getByRole('menuitem', { name: 'Feature flags' }).click();
          await expect(page.getByRole('heading', { level: 1, name: 'Feature flags' })).toBeVisible();
          await expect(nav.getByRole('button', { name: 'Admin' })).toHaveAttribute('aria-expanded', 'false');
          expect(await headerLayout(page)).toMatchObject({ oneRow: true, navOneRow: true, overflows: false, sideways: false });
        }
        await expectAccessible(page);
      });
    }
  }
});

test.describe('screens at 1366, 1280 and 390 px', () => {
  for (const brand of BRAND_KEYS) {
    for (const width of WIDTHS) {
      test(`${brand} at ${width} px: Profile → Security and Billing do not scroll sideways, Billing shows its Amount column`, async ({ page, baseURL }) => {
        const origin = brandOrigin(baseURL, brand);
        await page.setViewportSize(viewport(width));
        await openSignedInAt(page, origin, brandEmail(brand, 'admin'));
        await expect(page.getByRole('banner')).toBeVisible();
        expect(await headerLayout(page)).toMatchObject({ overflows: false, sideways: false });

        await page.goto(`${origin}/account/profile?tab=security`);
        await expect(page.getByRole('table', { name: 'Your API keys' })).toBeVisible();
        await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
        expect(await scrollsSideways(page)).toBe(false);
        await expectAccessible(page);

        await page.goto(`${origin}/billing`);
        const amount = page.getByRole('columnheader', { name: 'Amount' });
        await expect(amount).toBeVisible();
        const box = (await amount.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(await scrollsSideways(page)).toBe(false);
        await expectAccessible(page);
      });

      test(`${brand} at ${width} px: a success toast leaves the user's name uncovered; a new contact is in the user's time zone`, async ({ page, baseURL }) => {
        const origin = brandOrigin(baseURL, brand);
        const key = USERS[brand].at(-1)!; // harbor's agent is on Pacific time
        await page.setViewportSize(viewport(width));
        await addSessionAt(page, origin, brandEmail(brand, key));
        const me = await (await apiGetAs(page, baseURL, brand, '/v1/users/me')).json();
        if (brand === 'harbor') expect(me.timezone).toBe('pst');

        await page.goto(`${origin}/contacts/new`);
        const zone = page.getByRole('combobox', { name: 'Time zone' });
        const label = TIMEZONE_LABELS[me.timezone as Timezone];
        await expect(zone).toHaveText(label);
        await page.getByLabel('First name').fill('Toast');
        await page.getByLabel('Last name').fill(`Layout${uniqueLetters()}`);
        await page.getByRole('button', { name: 'Create contact' }).click();
        await expect(page).toHaveURL(/\/contacts\/\d+/);
        await expect(page.getByText(label).first()).toBeVisible();

        await page.getByRole('tab', { name: /^Notes/ }).click();
        await page.getByLabel('New note').fill('A note for the toast');
        await page.getByRole('button', { name: 'Add note' }).click();
        const toast = page.getByText('Note added.');
        await expect(toast).toBeVisible();
        const account = page.getByRole('button', { name: /\(account menu\)/ });
        const [t, a] = [(await toast.boundingBox())!, (await account.boundingBox())!];
        const overlaps = t.x < a.x + a.width && a.x < t.x + t.width && t.y < a.y + a.height && a.y < t.y + t.height;
        expect(overlaps).toBe(false);
        expect(await scrollsSideways(page)).toBe(false);
      });
    }
  }
});
