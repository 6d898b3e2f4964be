import { expect, test, type Page } from './fixtures';
import { atEveryWidth, BRAND_KEYS, callFromPage, brandEmail, brandOrigin, DEMO_PASSWORD, expectAccessible, signInAt, uniqueLetters, type BrandKey } from './support';

/** The newest link of `path` (confirm or not-me) in the sandbox outbox of `to`. */
async function linkTo(page: Page, to: string, path: 'confirm' | 'not-me'): Promise<string> {
  const pattern = new RegExp(`https?://\\S+/email-change/${path}\\?token=[\\w-]+`);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const outbox = await (await page.request.get(`/sandbox/outbox?to=${encodeURIComponent(to)}`)).json();
      link = (outbox.data as { text: string }[]).map((mail) => mail.text.match(pattern)?.[0]).find(Boolean);
      return Boolean(link);
    })
    .toBe(true);
  return link!;
}

/** Asks to move the signed-in user's address to `email` (the profile form is tested elsewhere). */
async function askEmailChange(page: Page, email: string) {
  const me = (await callFromPage(page, 'GET', '/v1/users/me')).json;
  const asked = await callFromPage(page, 'PATCH', '/v1/users/update_profile', { first_name: me.profile.first_name, last_name: me.profile.last_name, email });
  expect(asked.status, JSON.stringify(asked.json)).toBe(200);
}

/** A demo user of each brand whose address the confirmation page test moves, and moves back. */
const MOVER: Record<BrandKey, string> = { harbor: 'buadmin', keystone: 'rm', evergreen: 'basic' };

test.describe('the e-mail confirmation page', () => {
  for (const brand of BRAND_KEYS) {
    test(`${brand}: a signed-in user who confirms sees it done, with no "until you confirm" and no Sign in, at 1366, 1280 and 390 px`, async ({ page, baseURL }) => {
      test.setTimeout(60_000);
      const origin = brandOrigin(baseURL, brand);
      const oldEmail = brandEmail(brand, MOVER[brand]);
      const newEmail = `${MOVER[brand]}.${uniqueLetters()}@moved.example.com`;
      await signInAt(page, origin, oldEmail);
      await askEmailChange(page, newEmail);

      // opened in the browser signed in on the brand's host (Harbor's links name localhost, its other host here)
      const link = new URL(await linkTo(page, newEmail, 'confirm'));
      await page.goto(`${origin}${link.pathname}${link.search}`);
      await expect(page.getByRole('heading', { name: 'Confirm your new e-mail address' })).toBeVisible();
      await expect(page.getByText('Your account keeps its current address until you confirm the new one.')).toBeVisible();
      await page.getByRole('button', { name: 'Confirm my new address' }).click();
      await expect(page.getByRole('heading', { name: 'Your new e-mail address is confirmed' })).toBeVisible();
      await atEveryWidth(page, async () => {
        await expect(page.getByText(`Your account's e-mail address is now ${newEmail}.`)).toBeVisible();
        await expect(page.getByRole('status')).toHaveText(`Your e-mail address is now ${newEmail}. Use it to sign in from now on.`);
        await expect(page.getByText(/until you confirm/)).toHaveCount(0);
        await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
        await expect(page.getByRole('link', { name: 'Go to my profile' })).toHaveAttribute('href', '/account/profile');
      });

      // the demo address back, for a retry and for anyone signing in after
      await askEmailChange(page, oldEmail);
      const back = new URL(await linkTo(page, oldEmail, 'confirm')).searchParams.get('token');
      expect((await callFromPage(page, 'POST', '/v1/users/email_change/confirm', { token: back })).status).toBe(200);
    });
  }
});

test.describe('“this was not me” after a confirmed e-mail change', () => {
  test('holds the account, and the earlier address comes back only with the password', async ({ page, baseURL }) => {
    const origin = brandOrigin(baseURL, 'evergreen');
    const oldEmail = brandEmail('evergreen', 'preneed');
    const newEmail = 'harper.vale@elsewhere.example.com';
    await signInAt(page, origin, oldEmail);
    // the change asked for and confirmed through the API (the profile form is tested elsewhere), from the
    // page itself: the brand's host name resolves in the browser only
    await askEmailChange(page, newEmail);
    const confirm = new URL(await linkTo(page, newEmail, 'confirm')).searchParams.get('token');
    expect((await callFromPage(page, 'POST', '/v1/users/email_change/confirm', { token: confirm })).status).toBe(200);

    await page.goto(await linkTo(page, oldEmail, 'not-me'));
    await expect(page.getByRole('heading', { name: 'This was not me' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel the change and secure my account' }).click();
    await expect(page.getByText(/your account is now on hold/)).toContainText(`The change to ${newEmail} had already been confirmed`);
    await expectAccessible(page);

    const password = page.getByLabel('Password');
    await password.fill('not my password');
    await page.getByRole('button', { name: 'Put my earlier address back' }).click();
    await expect(page.getByText('Password is wrong')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await password.fill(DEMO_PASSWORD);
    await password.press('Enter');
    await expect(page.getByText(`Your e-mail address is ${oldEmail} again`)).toBeVisible();
    await expectAccessible(page);
  });
});
