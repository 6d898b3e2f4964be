import { expect, test } from './fixtures';
import { Secret, TOTP } from 'otpauth';
import { BRANDS } from '@crm/brand-config';
import { brandEmail, brandOrigin, demoEmail, expectAccessible, fillCredentials, signIn } from './support';

const code = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetMs });

test.describe('account', () => {
  test('reset the password through the e-mailed link', async ({ page, baseURL }) => {
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill(demoEmail('field'));
    await page.getByRole('button', { name: /send|reset/i }).click();
    await expect(page.getByRole('status').filter({ hasText: /.+/ }).first()).toBeVisible();

    const outbox = await (await page.request.get(`/sandbox/outbox?to=${encodeURIComponent(demoEmail('field'))}`)).json();
    // the newest reset mail (security notices, sent by a job, may arrive beside it)
    const link = (outbox.data as { text: string }[]).map((mail) => mail.text.match(/https?:\/\/\S+reset_password_token=[\w-]+/)?.[0]).find(Boolean) as string;
    // Harbor is the default brand: its links lead to the server's own address
    expect(new URL(link).origin).toBe(new URL(baseURL!).origin);
    await page.goto(link);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('renewed copper meadow lamp');
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill('renewed copper meadow lamp');
    await page.getByRole('button', { name: /password/i }).click();
    await expect(page.getByText('Your password has been changed. You can sign in with it now.')).toBeVisible();

    await page.goto('/login');
    await fillCredentials(page, demoEmail('field'), 'renewed copper meadow lamp');
    await expect(page).toHaveURL(/\/$/);
  });

  test("another brand's user gets a link to their brand's address, which opens that brand", async ({ page, baseURL }) => {
    const keystone = brandOrigin(baseURL, 'keystone');
    await page.goto(`${keystone}/reset-password`);
    await page.getByLabel('Email').fill(brandEmail('keystone', 'agent'));
    await page.getByRole('button', { name: /send|reset/i }).click();
    await expect(page.getByRole('status').filter({ hasText: /.+/ }).first()).toBeVisible();

    const outbox = await (await page.request.get(`/sandbox/outbox?to=${encodeURIComponent(brandEmail('keystone', 'agent'))}`)).json();
    // the newest reset mail (security notices, sent by a job, may arrive beside it)
    const link = (outbox.data as { text: string }[]).map((mail) => mail.text.match(/https?:\/\/\S+reset_password_token=[\w-]+/)?.[0]).find(Boolean) as string;
    expect(new URL(link).origin).toBe(keystone);
    await page.goto(link);
    await expect(page).toHaveTitle(BRANDS.keystone.name);
    await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toBeVisible();
  });

  test('turn on two-factor from the profile, then sign-in asks for the code', async ({ page }) => {
    await signIn(page, 'telemarketer');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/account/profile?tab=two_factor');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    const secret = (await page.getByLabel('Secret for manual entry').textContent())!.trim();
    await page.getByLabel('Code from your authenticator app').fill(code(secret));
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await expect(page.getByText('Status:')).toContainText('On');

    await page.context().clearCookies();
    await signIn(page, 'telemarketer');
    await page.getByLabel('Verification code').fill(code(secret, 30_000));
    await page.getByRole('button', { name: /verify/i }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('create an API key: shown once, then listed by name only', async ({ page }) => {
    await signIn(page, 'district');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/account/profile?tab=api_keys');
    await page.getByLabel('Name of the new key').fill('Mailer integration');
    await page.getByRole('checkbox', { name: /^See contacts/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByLabel('New API key');
    await expect(shown).toHaveValue(/^crm_/);
    await expect(page.getByRole('cell', { name: 'Mailer integration' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'contacts:read' })).toBeVisible();
    await expectAccessible(page);
    await page.reload();
    await expect(page.getByRole('cell', { name: 'Mailer integration' })).toBeVisible();
    await expect(page.getByLabel('New API key')).toHaveCount(0);
  });

  test('single sign-on through the sandbox identity provider', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    await expect(page.getByRole('heading', { name: 'Sandbox identity provider' })).toBeVisible();
    await page.getByLabel('Work e-mail').fill(demoEmail('buadmin'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('main').getByText('Jordan Lee').first()).toBeVisible();
  });
});
