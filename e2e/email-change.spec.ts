import { expect, test, type Page } from './fixtures';
import { brandEmail, brandOrigin, DEMO_PASSWORD, expectAccessible, signInAt } from './support';

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

test.describe('“this was not me” after a confirmed e-mail change', () => {
  test('holds the account, and the earlier address comes back only with the password', async ({ page, baseURL }) => {
    const origin = brandOrigin(baseURL, 'evergreen');
    const oldEmail = brandEmail('evergreen', 'preneed');
    const newEmail = 'harper.vale@elsewhere.example.com';
    await signInAt(page, origin, oldEmail);
    // the change asked for and confirmed through the API (the profile form is tested elsewhere), from the
    // page itself: the brand's host name resolves in the browser only
    const csrf = decodeURIComponent((await page.context().cookies(origin)).find((cookie) => cookie.name === 'crm_csrf')?.value ?? '');
    const call = (method: string, path: string, body?: unknown) =>
      page.evaluate(
        async ({ method, path, body, csrf }) => {
          const response = await fetch(path, { method, headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: body === undefined ? undefined : JSON.stringify(body) });
          return { status: response.status, json: await response.json() };
        },
        { method, path, body, csrf },
      );
    const me = (await call('GET', '/v1/users/me')).json;
    expect((await call('PATCH', '/v1/users/update_profile', { first_name: me.profile.first_name, last_name: me.profile.last_name, email: newEmail })).status).toBe(200);
    const confirm = new URL(await linkTo(page, newEmail, 'confirm')).searchParams.get('token');
    expect((await call('POST', '/v1/users/email_change/confirm', { token: confirm })).status).toBe(200);

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
