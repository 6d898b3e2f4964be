import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import { expectAccessible, openSignedIn, uniqueLetters } from './support';

/** A small but real PDF, made here rather than kept as a fixture. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

const TABS = ['Overview', 'Notes', 'Files', 'Policies', 'Securities', 'Data capture', 'Prescriptions'] as const;

async function openTab(page: Page, name: (typeof TABS)[number]) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('contact page', () => {
  test('an agent tags a contact, adds a note, a file and a policy, and records a call', async ({ page }) => {
    // A long journey with eight accessibility checks.
    test.setTimeout(120_000);
    const first = `Quill${uniqueLetters()}`;
    const name = `${first} Navarro`;
    const tagName = `Spring fair ${uniqueLetters()}`;
    const noteText = `Asked about dental cover (${uniqueLetters()})`;

    // A fresh contact of the agent's own, so that the journey starts from a known lead.
    await openSignedIn(page, 'agent', '/contacts/new');
    await page.getByLabel('First name').fill(first);
    await page.getByLabel('Last name').fill('Navarro');
    await page.getByRole('button', { name: 'Create contact' }).click();
    await expect(page).toHaveURL(/\/contacts\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(/^Lead · Owner:/)).toBeVisible();
    await expect(page.getByText('No activity recorded yet')).toBeVisible();

    // Tag it with a new tag
    await page.getByRole('button', { name: 'Edit tags' }).click();
    const tagsDialog = page.getByRole('dialog', { name: 'Edit tags' });
    await tagsDialog.getByLabel('New tag name').fill(tagName);
    await tagsDialog.getByRole('radio', { name: 'Teal' }).check();
    await tagsDialog.getByRole('button', { name: 'Create tag' }).click();
    await expect(tagsDialog.getByRole('button', { name: `Remove ${tagName}` })).toBeVisible();
    await expectAccessible(page);
    await tagsDialog.getByRole('button', { name: 'Save tags' }).click();
    await expect(tagsDialog).toBeHidden();
    const chip = page.getByRole('list', { name: 'Tags' }).getByText(tagName);
    await expect(chip).toBeVisible();
    await expect(chip).toHaveCSS('background-color', 'rgb(15, 118, 110)');

    // Add a note; the tab is in the address, so a reload keeps it
    await openTab(page, 'Notes');
    await expect(page).toHaveURL(/\?tab=notes$/);
    await page.getByLabel('New note').fill(noteText);
    await page.getByRole('button', { name: 'Add note' }).click();
    const notes = page.getByRole('list', { name: 'Notes' });
    await expect(notes.getByRole('listitem').first()).toContainText(noteText);
    await expect(page.getByLabel('New note')).toHaveValue('');
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('list', { name: 'Notes' }).getByText(noteText)).toBeVisible();

    // Upload a PDF, see it listed, download it under its name
    await openTab(page, 'Files');
    await expect(page.getByText(/At most 20 MB\. Accepted: pdf/)).toBeVisible();
    await page.getByLabel('Attach a file').setInputFiles({ name: 'scope-of-appointment.pdf', mimeType: 'application/pdf', buffer: PDF });
    const fileRow = page.getByRole('row', { name: /scope-of-appointment\.pdf/ });
    await expect(fileRow).toBeVisible();
    await expect(fileRow).toContainText(`${PDF.length} B`);
    const downloading = page.waitForEvent('download');
    await fileRow.getByRole('button', { name: 'Download scope-of-appointment.pdf' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('scope-of-appointment.pdf');
    expect(await readFile(await download.path())).toEqual(PDF);

    // A file of a refused type gets the message beside the field
    await page.getByLabel('Attach a file').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
    await expect(page.getByText('The file does not look like a PDF')).toBeVisible();
    await expect(page.getByLabel('Attach a file')).toHaveAttribute('aria-invalid', 'true');

    // Add an issued policy: the contact becomes a client
    await openTab(page, 'Policies');
    await page.getByRole('button', { name: 'Add policy' }).click();
    const policyDialog = page.getByRole('dialog', { name: 'Add policy' });
    await choose(page, 'Policy type', 'Medicare Advantage');
    await choose(page, 'Carrier', 'Humana');
    await choose(page, 'Status', 'Issued');
    await policyDialog.getByLabel('Policy number').fill('H1036-201');
    await policyDialog.getByLabel('Premium', { exact: true }).fill('1,234.56');
    await policyDialog.getByLabel('Effective date').fill('2026-01-01');
    await policyDialog.getByRole('button', { name: 'Save policy' }).click();
    await expect(policyDialog).toBeHidden();
    const policyRow = page.getByRole('row', { name: /Medicare Advantage/ });
    await expect(policyRow).toContainText('Humana');
    await expect(policyRow).toContainText('$1,234.56 monthly');
    await expect(policyRow).toContainText('01/01/2026');
    await expect(page.getByText(/^Client · Owner:/)).toBeVisible();

    // Record a call
    await page.getByRole('button', { name: 'Log call' }).click();
    const callDialog = page.getByRole('dialog', { name: 'Log call' });
    await callDialog.getByRole('radio', { name: 'Talked with them' }).check();
    await callDialog.getByRole('button', { name: 'Save call' }).click();
    await expect(callDialog).toHaveCount(0);
    await expect(page.getByText('Last activity: Call, just now')).toBeVisible();

    // Every tab passes the accessibility check
    for (const tab of TABS) {
      await openTab(page, tab);
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expect(page.getByRole('tabpanel').getByText(/^Loading /)).toHaveCount(0);
      await expectAccessible(page);
    }
  });
});
