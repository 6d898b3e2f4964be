import { expect, test } from '@playwright/test';
import { expectAccessible, signIn, uniqueLetters } from './support';

test.describe('import', () => {
  test('an agent imports a messy CSV through the wizard, watches it reach 100% and downloads the error file', async ({ page }) => {
    const u = uniqueLetters();
    // an exchange of this run's own, so that the scrub finds no contact of an earlier run (a retry) with these phones
    const x = String(200 + Math.floor(Math.random() * 800));
    // Windows-1252 text, a semicolon separator, an extra column, a bad phone, a bad e-mail and a missing first name
    const csv = Buffer.from(
      [
        'First Name;Last Name;Cell Phone;E-mail;Vendor Ref',
        `José;Imp${u};(555) ${x}-0001;jose.${u}@example.com;A1`,
        `Zoë;Imp${u};555.${x}.0002;;A2`,
        `Bad;Imp${u};12345;bad.${u}@example.com;A3`,
        `Mail;Imp${u};555${x}0004;not-an-email;A4`,
        `;Imp${u};555${x}0005;;A5`,
      ].join('\r\n'),
      'latin1',
    );
    await signIn(page, 'agent');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Import contacts' })).toBeVisible();
    await page.getByLabel('CSV or Excel file').setInputFiles({ name: `leads-${u}.csv`, mimeType: 'text/csv', buffer: csv });

    // the proposed mapping, the preview and the problems of the rows
    await expect(page.getByRole('heading', { name: `2. Map the columns of leads-${u}.csv` })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Field for column Cell Phone' })).toHaveText('Phone');
    await expect(page.getByRole('combobox', { name: 'Field for column Vendor Ref' })).toHaveText('Leave out');
    await expect(page.getByRole('table', { name: 'First rows of the file' }).getByRole('cell', { name: 'José' })).toBeVisible();
    await expect(page.getByText('Row 4, Cell Phone: Phone must have 10 or 11 digits')).toBeVisible();
    await expect(page.getByText('Row 5, E-mail: Email is invalid')).toBeVisible();
    await expect(page.getByText('Row 6, First Name: First name is required')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Next: options' }).click();
    await expect(page.getByRole('heading', { name: `3. Options for leads-${u}.csv` })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Start import' }).click();

    // followed live until done: the bar of the attempt reaches 100% and the notification says what came in
    await expect(page.getByRole('status').filter({ hasText: `Imported leads-${u}.csv: 2 imported, 0 skipped, 3 refused.` })).toBeVisible({ timeout: 30_000 });
    const row = page.getByRole('row').filter({ hasText: `leads-${u}.csv` });
    await expect(row.getByRole('progressbar', { name: `Completed leads-${u}.csv` })).toHaveAttribute('aria-valuenow', '100');
    await expect(row).toContainText('2 imported · 0 skipped · 3 refused');
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download the skipped and refused rows of leads-${u}.csv` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`leads-${u}-errors.csv`);
    const text = (await (await download.createReadStream()).toArray()).map((chunk: Buffer) => chunk.toString('utf8')).join('');
    const lines = text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Row,Skipped or refused,Reasons,First Name,Last Name,Cell Phone,E-mail,Vendor Ref');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['4', '5', '6']);

    // the imported contacts, accents intact
    await page.getByRole('link', { name: 'Back to contacts' }).click();
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill(`imp${u}`);
    await expect(page.getByText('2 contacts')).toBeVisible();
    await expect(page.getByText(/José/).first()).toBeVisible();
  });
});
