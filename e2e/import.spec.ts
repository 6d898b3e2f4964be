import { expect, test } from './fixtures';
import { expectAccessible, openSignedIn, uniqueLetters } from './support';

test.describe('import', () => {
  test('an agent imports a messy CSV through the wizard: every lead with a name or a valid phone or e-mail comes in, the rest is explained, the error file downloads, and imported again it updates the warned contacts', async ({ page }) => {
    // two imports through the wizard, each followed to its end
    test.setTimeout(60_000);
    const u = uniqueLetters();
    // an exchange of this run's own, so that the scrub finds no contact of an earlier run (a retry) with these phones
    const x = String(200 + Math.floor(Math.random() * 800));
    // Windows-1252 text, a semicolon separator, a Type column of categories, a Notes column, an extra
    // column, a bad phone, a bad e-mail, a category that is none, a row with nothing to identify
    // anyone and one without a first name (names stay ASCII here: the names branch widens the filter)
    const csv = Buffer.from(
      [
        'First Name;Last Name;Cell Phone;E-mail;Type;Notes;Vendor Ref',
        `Jose;Imp${u};(555) ${x}-0001;josé.${u}@example.com;client;Llamar después de las 5;A1`,
        `Zoe;Imp${u};555.${x}.0002;;Prospect;;A2`,
        `Bad;Imp${u};12345;bad.${u}@example.com;Lead;;A3`,
        `Mail;Imp${u};555${x}0004;not-an-email;VIP;;A4`,
        ';;12345;;;;A5',
        `;Imp${u};555${x}0006;o'brien.${u}@example.com;;;A6`,
      ].join('\r\n'),
      'latin1',
    );
    await openSignedIn(page, 'agent');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Import contacts' })).toBeVisible();
    await page.getByLabel('CSV or Excel file').setInputFiles({ name: `leads-${u}.csv`, mimeType: 'text/csv', buffer: csv });

    // the proposed mapping (Type is the category), the preview with each row's outcome, and every problem
    await expect(page.getByRole('heading', { name: `2. Map the columns of leads-${u}.csv` })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Field for column Cell Phone' })).toHaveText('Phone');
    await expect(page.getByRole('combobox', { name: 'Field for column Type' })).toHaveText('Category (lead, prospect or client)');
    await expect(page.getByRole('combobox', { name: 'Field for column Notes' })).toHaveText('Note (Notes tab)');
    await expect(page.getByRole('combobox', { name: 'Field for column Vendor Ref' })).toHaveText('Leave out');
    const preview = page.getByRole('table', { name: 'First rows of the file' });
    await expect(preview.getByRole('row', { name: /^2 Imports Jose/ })).toBeVisible();
    await expect(preview.getByRole('row', { name: /^4 Imports with warnings Bad/ })).toBeVisible();
    await expect(preview.getByRole('row', { name: /^6 Refused/ })).toBeVisible();
    await expect(page.getByText('3 import, 2 import with warnings, 1 refused, 0 skipped by scrubbing.')).toBeVisible();
    const problems = page.getByRole('table', { name: /^Problems, page 1 of 1/ });
    await expect(problems.getByRole('row')).toHaveCount(1 + 5);
    await expect(problems.getByRole('row', { name: /^4 Imports with warnings/ })).toContainText(
      "Cell Phone '12345' is not a phone number: use 10 digits, or 11 starting with 1, in any punctuation",
    );
    await expect(problems.getByRole('row', { name: /^5 Imports with warnings/ }).first()).toContainText("E-mail 'not-an-email' is not an e-mail address: use name@example.com");
    await expect(problems.getByRole('row', { name: /^5 Imports with warnings/ }).last()).toContainText("Type 'VIP' is not a category: use Lead, Prospect or Client");
    await expect(problems.getByRole('row', { name: /^6 Refused/ }).first()).toContainText('Nothing to identify the person by: no name, and no valid phone or e-mail');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Next: options' }).click();
    await expect(page.getByRole('heading', { name: `3. Options for leads-${u}.csv` })).toBeVisible();
    await expect(page.getByText('For rows whose category column is empty or not a category; the others keep theirs.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Start import' }).click();

    // followed live until done: the bar of the attempt reaches 100% and the notification says what came in
    await expect(page.getByRole('status').filter({ hasText: `Imported leads-${u}.csv: 5 imported (2 with warnings), 0 skipped, 1 refused.` })).toBeVisible({
      timeout: 30_000,
    });
    const row = page.getByRole('row').filter({ hasText: `leads-${u}.csv` });
    await expect(row.getByRole('progressbar', { name: `Completed leads-${u}.csv` })).toHaveAttribute('aria-valuenow', '100');
    await expect(row).toContainText('5 imported (2 with warnings) · 0 skipped · 1 refused');
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download the rows with warnings, skipped or refused of leads-${u}.csv` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`leads-${u}-errors.csv`);
    const text = (await (await download.createReadStream()).toArray()).map((chunk: Buffer) => chunk.toString('utf8')).join('');
    const lines = text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Row,Outcome,Columns,Problems,Contact ID,First Name,Last Name,Cell Phone,E-mail,Type,Notes,Vendor Ref');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 3).join(','))).toEqual([
      '4,imported with warnings,Cell Phone',
      '5,imported with warnings,E-mail; Type',
      '6,refused,Cell Phone',
    ]);

    // the agent fixes the e-mail and the type of row 5 in the error file and imports it again: the Contact ID column
    // is proposed as the contact to update, the report columns are left out, and the two warned rows update their
    // contacts (row 4's phone still wrong) instead of making second ones
    const fixedFile = text.replaceAll('not-an-email', `mail.${u}@example.com`).replace(',VIP,', ',Lead,');
    await page.getByLabel('CSV or Excel file').setInputFiles({ name: `leads-${u}-errors.csv`, mimeType: 'text/csv', buffer: Buffer.from(fixedFile, 'utf8') });
    await expect(page.getByRole('heading', { name: `2. Map the columns of leads-${u}-errors.csv` })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Field for column Contact ID' })).toHaveText('Contact ID (update that contact)');
    await expect(page.getByRole('combobox', { name: 'Field for column Problems' })).toHaveText('Leave out');
    const again = page.getByRole('table', { name: 'First rows of the file' });
    await expect(again.getByRole('row', { name: /^2 Updates its contact, with warnings 4 imported with warnings/ })).toBeVisible();
    await expect(again.getByRole('row', { name: /^3 Updates its contact 5 imported with warnings/ })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Next: options' }).click();
    await page.getByRole('button', { name: 'Start import' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Imported leads-${u}-errors.csv: 0 imported, 2 updated (1 with warnings), 0 skipped, 1 refused.` }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('row').filter({ hasText: `leads-${u}-errors.csv` })).toContainText('0 imported · 2 updated (1 with warnings) · 0 skipped · 1 refused');

    // the imported contacts: the category of their row, the accented e-mail read from Windows-1252, the note in the Notes tab
    await page.getByRole('link', { name: 'Back to contacts' }).click();
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill(`imp${u}`);
    await expect(page.getByText('5 contacts', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: `Jose Imp${u}` }).click();
    await expect(page.getByText(/^Client · Owner:/)).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Contact details' }).getByText(`josé.${u}@example.com`)).toBeVisible();
    await page.getByRole('tab', { name: 'Notes', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Notes' }).getByText('Llamar después de las 5')).toBeVisible();
  });
});
