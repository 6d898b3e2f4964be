import { expect, test } from './fixtures';
import { expectAccessible, openSignedIn } from './support';

test('an administrator pauses the company\'s scheduled sends until a time, then resumes them', async ({ page }) => {
  test.setTimeout(90_000);
  await openSignedIn(page, 'admin', '/admin/feature-flags');
  const panel = page.getByRole('region', { name: 'Scheduled sends' });
  // the first load of the screen (its queries) within the test's time, not the 7 s of one expectation
  await expect(panel.getByRole('button', { name: 'Pause sends' })).toBeVisible({ timeout: 30_000 });
  await panel.getByRole('button', { name: 'Pause sends' }).click();
  await expect(panel.getByText('Choose when the quiet period ends')).toBeVisible();

  // tomorrow at 9:00 in the administrator's time zone (the demo admin's is Eastern)
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  await panel.getByLabel('Pause until').fill(`${tomorrow}T09:00`);
  await panel.getByLabel('Reason (optional)').fill('Office closed');
  await panel.getByRole('button', { name: 'Pause sends' }).click();
  await expect(panel.getByText(/^Paused until .* 9:00 AM/)).toBeVisible();
  await expect(panel.getByText(/Office closed/)).toBeVisible();
  await expect(panel.getByRole('status')).toContainText('Scheduled sends are paused until');
  await expectAccessible(page);

  await panel.getByRole('button', { name: 'Resume now' }).click();
  await expect(panel.getByRole('status')).toHaveText('Scheduled sends are going out again.');
  await expect(panel.getByRole('button', { name: 'Pause sends' })).toBeVisible();
});
