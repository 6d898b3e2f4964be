import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Security } from '@crm/contract';
import { callsOf } from '@crm/testing';
import { polyfillPointer } from '../test/render';
import { SecuritiesTab } from './SecuritiesTab';
import { renderPiece, securityFixture, unprocessable } from './test/fixtures';

describe('SecuritiesTab', () => {
  beforeAll(polyfillPointer);

  it('lists the securities with the type label and the account number masked as the API sends it', async () => {
    renderPiece(<SecuritiesTab contactId={5} />, { listSecurities: () => ({ data: [securityFixture(1)] }) });
    const row = await screen.findByRole('row', { name: /Retirement IRA/ });
    expect(row).toHaveTextContent('IRA');
    expect(row).toHaveTextContent('Fidelity');
    expect(row).toHaveTextContent('••••6789');
    expect(row).toHaveTextContent('$25,000.00');
    expect(row).toHaveTextContent('01/31/2026');
  });

  it('adds a security', async () => {
    let securities: Security[] = [];
    const { client } = renderPiece(<SecuritiesTab contactId={5} />, {
      listSecurities: () => ({ data: securities }),
      createSecurity: () => {
        securities = [securityFixture(2, { name: 'Index fund', security_type: 'etf' })];
        return { data: securities[0] };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add security' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add security' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ETF' }));
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Index fund');
    await userEvent.type(within(dialog).getByLabelText('Symbol'), 'vti');
    await userEvent.type(within(dialog).getByLabelText('Value'), '10,500');
    await userEvent.type(within(dialog).getByLabelText('Account number'), '123456789');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save security' }));
    expect(await screen.findByRole('row', { name: /Index fund/ })).toBeVisible();
    expect(callsOf(client, 'createSecurity')[0]).toMatchObject({
      params: { id: 5 },
      body: { security_type: 'etf', name: 'Index fund', symbol: 'VTI', value: 10500, account_number: '123456789' },
    });
  });

  it('keeps what was typed and shows a 422 beside its field', async () => {
    renderPiece(<SecuritiesTab contactId={5} />, {
      listSecurities: () => ({ data: [] }),
      createSecurity: () => {
        throw unprocessable({ institution: 'Institution is not known' });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add security' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add security' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bond' }));
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Muni bond');
    await userEvent.type(within(dialog).getByLabelText('Institution'), 'Nowhere Bank');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save security' }));
    expect(await within(dialog).findByText('Institution is not known')).toBeVisible();
    expect(within(dialog).getByLabelText('Institution')).toHaveValue('Nowhere Bank');
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Muni bond');
  });

  it('edits a security; an empty account number keeps the stored one', async () => {
    const { client } = renderPiece(<SecuritiesTab contactId={5} />, {
      listSecurities: () => ({ data: [securityFixture(1)] }),
      updateSecurity: () => ({ data: securityFixture(1, { value: 26000 }) }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Retirement IRA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit security' });
    expect(within(dialog).getByLabelText('Account number')).toHaveAccessibleDescription('Leave empty to keep ••••6789.');
    await userEvent.clear(within(dialog).getByLabelText('Value'));
    await userEvent.type(within(dialog).getByLabelText('Value'), '26000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save security' }));
    await waitFor(() => expect(callsOf(client, 'updateSecurity')).toHaveLength(1));
    const call = callsOf(client, 'updateSecurity')[0];
    expect(call).toMatchObject({ params: { id: 5, securityId: 1 }, body: { value: 26000, name: 'Retirement IRA' } });
    expect(call?.body).not.toHaveProperty('account_number');
  });

  it('deletes a security after confirming', async () => {
    const { client } = renderPiece(<SecuritiesTab contactId={5} />, {
      listSecurities: () => ({ data: [securityFixture(1)] }),
      deleteSecurity: () => undefined,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Retirement IRA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Retirement IRA?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete security' }));
    await waitFor(() => expect(callsOf(client, 'deleteSecurity')).toEqual([{ params: { id: 5, securityId: 1 } }]));
  });
});
