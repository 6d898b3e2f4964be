import { expect, test } from './fixtures';
import { TOTP, Secret } from 'otpauth';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, demoEmail, expectAccessible, fillCredentials, signIn, signInHome } from './support';

test.describe('signing in and out', () => {
  test('the login page is accessible and refuses a wrong password beside the form', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
    await fillCredentials(page, demoEmail('agent'), 'wrong-password-1');
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    // nothing typed is lost
    await expect(page.getByLabel('Email')).toHaveValue(demoEmail('agent'));
  });

  test('an admin signs in, lands on / with name, company and role, and the home page is accessible', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/$/);
    const main = page.getByRole('main');
    await expect(main.getByText('Alex Morgan').first()).toBeVisible();
    await expect(main.getByText('Harbor Demo Agency').first()).toBeVisible();
    await expect(main.getByText('System Admin').first()).toBeVisible();
    await expectAccessible(page);
  });

  test('signs in with the second factor', async ({ page }) => {
    await signIn(page, 'secure.agent');
    const code = page.getByLabel('Verification code');
    await expect(code).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    const totp = new TOTP({ secret: Secret.fromBase32(DEMO_TOTP_SECRET), digits: 6, period: 30 });
    await code.fill(totp.generate());
    await page.getByRole('button', { name: /verify/i }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('main').getByText('Dana Whitfield').first()).toBeVisible();
  });

  test('recovery codes: shown once at enrolment; one signs in in place of a code, once; the step speaks of the e-mail once one is sent', async ({ page }) => {
    await signInHome(page, 'subadmin');
    await page.goto('/account/profile?tab=two_factor');
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = (await page.getByLabel('Secret for manual entry').textContent())!.trim();
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await page.getByLabel('Code from your authenticator app').fill(totp.generate());
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
    await expectAccessible(page);
    const recovery = (await codes.first().textContent())!.trim();
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();

    await page.context().clearCookies();
    await signIn(page, 'subadmin');
    await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    await page.getByRole('button', { name: 'Send code by e-mail' }).click();
    await expect(page.getByText(/^Enter the 6-digit code sent to /)).toBeVisible();
    await expect(page.getByText(/authenticator app/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recovery);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/account/profile?tab=two_factor');
    await expect(page.getByText('9 of 10 recovery codes left.')).toBeVisible();

    // the same code does not work twice
    await page.context().clearCookies();
    await signIn(page, 'subadmin');
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recovery);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText('The recovery code is wrong or was already used')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('signs out to /login, and / then asks to sign in again', async ({ page }) => {
    await signIn(page, 'manager');
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: /Morgan Hayes|account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).or(page.getByRole('button', { name: 'Sign out' })).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
  });

  test('a forced password change lands on the profile password tab until the password is changed', async ({ page }) => {
    await signIn(page, 'new.agent');
    await expect(page).toHaveURL(/\/account\/profile\?tab=password/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/account\/profile\?tab=password/);
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Current password' }).fill(DEMO_PASSWORD);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('password1');
    // the password rule's feedback shows under the field while typing, and again on submit
    await expect(page.getByText('This is a commonly used password.', { exact: false })).toBeVisible();
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill('password1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password must be at least 12 characters.', { exact: false })).toBeVisible();
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('quiet otter maps river');
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill('quiet otter maps river');
    const saved = page.waitForResponse((r) => r.url().includes('/update_password') && r.status() === 200);
    await page.getByRole('button', { name: 'Change password' }).click();
    await saved;
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a 401 returns to /login', async ({ page, context }) => {
    await signIn(page, 'district');
    await expect(page).toHaveURL(/\/$/);
    // the server forgets the session (as after an expiry or a sign-out elsewhere)
    const csrf = (await context.cookies()).find((c) => c.name === 'crm_csrf')!.value;
    const response = await page.request.delete('/v1/sessions', { headers: { 'x-csrf-token': csrf } });
    expect(response.status()).toBe(204);
    await context.addCookies([{ name: 'crm_session', value: 'expired-token', url: page.url() }]);
    await page.goto('/account/profile');
    await expect(page).toHaveURL(/\/login/);
  });
});
