import { expect, test } from './fixtures';
import { expectAccessible, openFromNav, signInHome, uniqueLetters } from './support';

test('an administrator creates a birthday text from Admin → Campaign triggers; a mistake shows beside its field; agents are offered it', async ({ page }) => {
  test.setTimeout(60_000);
  const name = `Birthday ${uniqueLetters()}`;
  await signInHome(page, 'subadmin');
  await openFromNav(page, 'Campaign triggers');
  await expect(page).toHaveURL(/\/admin\/campaign-triggers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Campaign triggers' })).toBeVisible();
  // the demo's own (seed): a birthday text, a welcome text, a policy anniversary e-mail
  await expect(page.getByRole('rowheader', { name: 'Happy birthday' })).toBeVisible();
  await expect(page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Policy anniversary' }) })).toContainText('E-mail');

  await page.getByRole('button', { name: 'New trigger' }).click();
  const dialog = page.getByRole('dialog', { name: 'New campaign trigger' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('combobox', { name: /^When/ }).click();
  await page.getByRole('option', { name: 'Birthday' }).click();
  await expect(dialog.getByRole('combobox', { name: /^Recurs/ })).toHaveText('Every year');
  // too long for a text: refused beside the message, nothing sent
  const message = dialog.getByRole('textbox', { name: /^Message/ });
  await message.fill('x'.repeat(1601));
  await dialog.getByRole('button', { name: 'Create trigger' }).click();
  await expect(message).toHaveAccessibleDescription(/Message must be at most 1,600 characters for a text/);
  await message.fill('Happy birthday, {first_name}! Reply STOP to opt out.');
  await expect(message).toHaveAccessibleDescription(/52 of 1,600 characters/);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create trigger' }).click();
  await expect(page.getByText(`${name} is created.`)).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row).toContainText('Text message');
  await expect(row).toContainText('Every year');
  await expectAccessible(page);

  // the filters live in the address: monthly triggers do not list it
  await page.getByRole('combobox', { name: 'Recurs' }).click();
  await page.getByRole('option', { name: 'Every month' }).click();
  await expect(page).toHaveURL(/recurrence=monthly/);
  await expect(row).toHaveCount(0);

  // an agent of the company is offered it when texting
  await page.context().clearCookies();
  await signInHome(page, 'agent');
  const offered = (await (await page.request.get('/v1/contacts/sms_campaign_triggers')).json()).data as { name: string }[];
  expect(offered.map((t) => t.name)).toContain(name);
});
