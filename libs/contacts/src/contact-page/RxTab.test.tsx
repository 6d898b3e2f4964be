import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { callsOf } from '@crm/testing';
import { polyfillPointer } from '../test/render';
import { RxTab } from './RxTab';
import { polyfillResizeObserver } from '../test/resize-observer';
import { renderPiece, unprocessable, ZONE } from './test/fixtures';

const details = {
  data: {
    prescriptions: [
      { drug_name: 'Lisinopril', strength: '10 mg', quantity: 30, frequency: 'daily' as const, days_supply: 30, generic_ok: true },
    ],
    pharmacy: { name: 'Main Street Pharmacy', address: null, phone: null, mail_order: false },
    updated_at: null,
    updated_by: null,
  },
};
const empty = { data: { prescriptions: [], pharmacy: null, updated_at: null, updated_by: null } };

describe('RxTab', () => {
  beforeAll(() => {
    polyfillPointer();
    polyfillResizeObserver();
  });

  it('shows the prescriptions and the pharmacy', async () => {
    renderPiece(<RxTab contactId={5} zone={ZONE} />, { showRxDetails: () => details });
    const row = await screen.findByRole('group', { name: 'Prescription 1' });
    expect(within(row).getByLabelText(/Drug name/)).toHaveValue('Lisinopril');
    expect(within(row).getByLabelText('Strength')).toHaveValue('10 mg');
    expect(within(row).getByRole('combobox', { name: 'Frequency' })).toHaveTextContent('Daily');
    expect(within(row).getByRole('combobox', { name: 'Days supply' })).toHaveTextContent('30 days');
    expect(within(row).getByRole('checkbox', { name: 'Generic is fine' })).toBeChecked();
    expect(screen.getByLabelText('Pharmacy name')).toHaveValue('Main Street Pharmacy');
  });

  it('adds a prescription and saves; an untouched pharmacy is sent as none', async () => {
    const { client } = renderPiece(<RxTab contactId={5} zone={ZONE} />, {
      showRxDetails: () => empty,
      updateRxDetails: () => details,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add prescription' }));
    const row = screen.getByRole('group', { name: 'Prescription 1' });
    await userEvent.type(within(row).getByLabelText(/Drug name/), 'Metformin');
    await userEvent.type(within(row).getByLabelText('Strength'), '500 mg');
    await userEvent.clear(within(row).getByLabelText('Quantity'));
    await userEvent.type(within(row).getByLabelText('Quantity'), '60');
    await userEvent.click(within(row).getByRole('combobox', { name: 'Frequency' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Twice a day' }));
    await userEvent.click(within(row).getByRole('combobox', { name: 'Days supply' }));
    await userEvent.click(await screen.findByRole('option', { name: '90 days' }));
    await userEvent.click(within(row).getByRole('checkbox', { name: 'Generic is fine' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save prescriptions' }));
    expect(await screen.findByText('Prescriptions saved.')).toBeVisible();
    expect(callsOf(client, 'updateRxDetails')).toEqual([
      {
        params: { id: 5 },
        body: {
          prescriptions: [
            { drug_name: 'Metformin', strength: '500 mg', quantity: 60, frequency: 'twice_daily', days_supply: 90, generic_ok: false },
          ],
          pharmacy: null,
        },
      },
    ]);
  });

  it('checks the fields before sending and keeps them beside a 422', async () => {
    const { client } = renderPiece(<RxTab contactId={5} zone={ZONE} />, {
      showRxDetails: () => details,
      updateRxDetails: () => {
        throw unprocessable({ 'pharmacy.phone': 'Pharmacy phone must be at most 20 characters' });
      },
    });
    const row = await screen.findByRole('group', { name: 'Prescription 1' });
    await userEvent.clear(within(row).getByLabelText(/Drug name/));
    await userEvent.click(screen.getByRole('button', { name: 'Save prescriptions' }));
    expect(await within(row).findByText('Drug name is required')).toBeVisible();
    expect(callsOf(client, 'updateRxDetails')).toHaveLength(0);

    await userEvent.type(within(row).getByLabelText(/Drug name/), 'Atorvastatin');
    await userEvent.type(screen.getByLabelText('Pharmacy phone'), '555-0100');
    await userEvent.click(screen.getByRole('button', { name: 'Save prescriptions' }));
    expect(await screen.findByText('Pharmacy phone must be at most 20 characters')).toBeVisible();
    expect(screen.getByLabelText('Pharmacy phone')).toHaveValue('555-0100');
    expect(within(row).getByLabelText(/Drug name/)).toHaveValue('Atorvastatin');
    expect(callsOf(client, 'updateRxDetails')[0]?.body).toMatchObject({
      pharmacy: { name: 'Main Street Pharmacy', phone: '555-0100', mail_order: false },
    });
  });

  it('removes a prescription', async () => {
    const { client } = renderPiece(<RxTab contactId={5} zone={ZONE} />, {
      showRxDetails: () => details,
      updateRxDetails: () => empty,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove prescription 1' }));
    expect(screen.queryByRole('group', { name: 'Prescription 1' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save prescriptions' }));
    await waitFor(() => expect(callsOf(client, 'updateRxDetails')[0]?.body).toMatchObject({ prescriptions: [] }));
  });
});
