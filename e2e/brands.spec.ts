import { expect, test, type Page } from './fixtures';
import { BASE_AGENT_TITLES, BRANDS } from '@crm/brand-config';
import { addSessionAt, apiGetAs, BRAND_KEYS, brandEmail, brandOrigin, expectAccessible, hexToRgb, openSignedInAt } from './support';

/** The role choices of the "Change role" dialog for the user with this e-mail. */
async function roleChoices(page: Page, origin: string, email: string): Promise<string[]> {
  await page.goto(`${origin}/admin/users`);
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Change role/ }).click();
  const dialog = page.getByRole('dialog');
  const group = dialog.getByRole('group', { name: 'Role' });
  await expect(group.getByRole('radio').first()).toBeVisible();
  return (await group.locator('label').allTextContents()).map((text) => text.trim());
}

test.describe('white-label brands', () => {
  for (const key of BRAND_KEYS) {
    const brand = BRANDS[key];
    test(`${brand.name}: the login page on ${key}.localhost shows the brand's name and colour and is accessible`, async ({
      page,
      baseURL,
    }) => {
      await page.goto(`${brandOrigin(baseURL, key)}/login`);
      await expect(page.getByRole('heading', { level: 1, name: `Sign in to ${brand.name}` })).toBeVisible();
      await expect(page).toHaveTitle(brand.name);
      const button = page.getByRole('button', { name: 'Sign in', exact: true });
      await expect(button).toHaveCSS('background-color', hexToRgb(brand.colors.primary));
      await expectAccessible(page);
    });
  }

  test('an Evergreen basic user neither sees nor gets SMS and the dialer; a Harbor agent does', async ({
    page,
    baseURL,
  }) => {
    const evergreen = brandOrigin(baseURL, 'evergreen');
    await openSignedInAt(page, evergreen, brandEmail('evergreen', 'basic'));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toContainText('Welcome');
    await expect(main.getByRole('heading', { name: 'Upcoming events' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Recent messages' })).toHaveCount(0);
    await expect(main.getByRole('heading', { name: 'Recent calls' })).toHaveCount(0);
    const answer = await apiGetAs(page, baseURL, 'evergreen', '/v1/users/me');
    expect(answer.status()).toBe(200);
    const me = await answer.json();
    expect(me.email).toBe(brandEmail('evergreen', 'basic'));
    expect(me.features.sms).toBe(false);
    expect(me.features.dialer).toBe(false);

    await page.context().clearCookies();
    const harbor = brandOrigin(baseURL, 'harbor');
    await openSignedInAt(page, harbor, brandEmail('harbor', 'agent'));
    await expect(main.getByRole('heading', { name: 'Recent messages' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Recent calls' })).toBeVisible();
  });

  test('a Keystone admin cannot give the sub_admin role ("Admin"); a Harbor admin can', async ({ page, baseURL }) => {
    const keystone = brandOrigin(baseURL, 'keystone');
    await addSessionAt(page, keystone, brandEmail('keystone', 'admin'));
    const keystoneChoices = await roleChoices(page, keystone, brandEmail('keystone', 'rm'));
    expect(keystoneChoices.length).toBeGreaterThan(0);
    expect(keystoneChoices).not.toContain('Admin');
    expect(keystoneChoices).toContain('Regional Manager');
    await expectAccessible(page);

    await page.context().clearCookies();
    const harbor = brandOrigin(baseURL, 'harbor');
    await addSessionAt(page, harbor, brandEmail('harbor', 'admin'));
    const harborChoices = await roleChoices(page, harbor, brandEmail('harbor', 'agent'));
    expect(harborChoices).toContain('Admin');
  });

  test('the admin screens are accessible', async ({ page, baseURL }) => {
    const keystone = brandOrigin(baseURL, 'keystone');
    await openSignedInAt(page, keystone, brandEmail('keystone', 'admin'), '/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page);
    await page.goto(`${keystone}/admin/feature-flags`);
    await expect(page.getByRole('heading', { level: 1, name: 'Feature flags' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: /SMS/ })).toBeVisible();
    await expectAccessible(page);
  });

  test("a Harbor agent's title choices are exactly the base titles", async ({ page, baseURL }) => {
    const harbor = brandOrigin(baseURL, 'harbor');
    await openSignedInAt(page, harbor, brandEmail('harbor', 'agent'), '/account/profile');
    await page.getByRole('combobox', { name: 'Title' }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options).toHaveCount(BASE_AGENT_TITLES.length);
    expect((await options.allTextContents()).map((text) => text.trim())).toEqual(
      BASE_AGENT_TITLES.map((title) => title.label),
    );
    await page.keyboard.press('Escape');
  });

  test("an agent's own primary colour replaces the brand's in the frame", async ({ page, baseURL }) => {
    const harbor = brandOrigin(baseURL, 'harbor');
    const rootPrimary = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
    await openSignedInAt(page, harbor, brandEmail('harbor', 'agent'), '/account/profile?tab=theme');
    // the form shows once the signed-in user (and any colour of their own) has loaded
    await expect(page.getByLabel('Primary colour', { exact: true })).toBeVisible();
    expect(await rootPrimary()).toBe(BRANDS.harbor.colors.primary);

    await page.getByLabel('Primary colour', { exact: true }).fill('#6b21a8');
    const saved = page.waitForResponse((r) => r.url().includes('/v1/users/update_theme') && r.status() === 200);
    await page.getByRole('button', { name: 'Save theme' }).click();
    await saved;
    await expect.poll(rootPrimary).toBe('#6b21a8');
    await expect(page.getByRole('button', { name: 'Save theme' })).toHaveCSS('background-color', hexToRgb('#6b21a8'));
    await expectAccessible(page);

    // It stays after a reload (the session carries it), and goes back to the brand's on request.
    await page.reload();
    await expect.poll(rootPrimary).toBe('#6b21a8');
    await page.getByRole('button', { name: 'Use brand default for primary colour' }).click();
    const reset = page.waitForResponse((r) => r.url().includes('/v1/users/update_theme') && r.status() === 200);
    await page.getByRole('button', { name: 'Save theme' }).click();
    await reset;
    await expect.poll(rootPrimary).toBe(BRANDS.harbor.colors.primary);
  });

  test('a Keystone agent asks for help from the Help dialog; a Harbor user has no Help button', async ({ page, baseURL }) => {
    const keystone = brandOrigin(baseURL, 'keystone');
    await openSignedInAt(page, keystone, brandEmail('keystone', 'agent'), '/account/profile');
    await page.getByRole('banner').getByRole('button', { name: 'Help', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Help' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: BRANDS.keystone.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${BRANDS.keystone.supportEmail}`,
    );
    await expect(dialog.getByRole('link', { name: BRANDS.keystone.supportPhone })).toHaveAttribute('href', /^tel:/);
    await expectAccessible(page);

    await dialog.getByLabel('Subject').fill('Cannot find the import button');
    await dialog.getByLabel('Message').fill('Where do I import my leads from a spreadsheet?');
    const sent = page.waitForResponse((r) => r.url().endsWith('/v1/helps') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Send' }).click();
    const answer = await sent;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({ page: '/account/profile' });
    await expect(page.getByText('Thanks — we will get back to you by e-mail.')).toBeVisible();
    await expect(dialog).toBeHidden();
    // the sandbox outbox has it, addressed to Keystone's support team and replying to the agent
    const outbox = await page.request.get(`${baseURL}/sandbox/outbox?to=${BRANDS.keystone.supportEmail}`);
    expect((await outbox.json()).data[0]).toMatchObject({
      to: BRANDS.keystone.supportEmail,
      reply_to: brandEmail('keystone', 'agent'),
      subject: 'Help request: Cannot find the import button',
    });

    await page.context().clearCookies();
    const harbor = brandOrigin(baseURL, 'harbor');
    await openSignedInAt(page, harbor, brandEmail('harbor', 'agent'));
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toContainText('Welcome');
    await expect(page.getByRole('button', { name: 'Help', exact: true })).toHaveCount(0);
  });
});

