import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Policy } from '@crm/contract';
import { callsOf, contactFixture } from '@crm/testing';
import { contactKeys } from '../contacts-queries';
import { polyfillPointer } from '../test/render';
import { PoliciesTab } from './PoliciesTab';
import { policyFixture, renderPiece, unprocessable } from './test/fixtures';

const carriers = { listCarriers: () => ({ data: [{ id: 3, name: 'Humana' }, { id: 4, name: 'Aetna' }] }) };

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('PoliciesTab', () => {
  beforeAll(polyfillPointer);

  it('shows carrier, type, number, status, premium with its mode and the effective date', async () => {
    renderPiece(<PoliciesTab contactId={5} />, { listPolicies: () => ({ data: [policyFixture(1)] }) });
    const row = await screen.findByRole('row', { name: /Medicare Advantage/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Humana',
      'H1',
      'Pending',
      '$1,234.50 monthly',
      '04/01/2026',
      'EditDelete',
    ]);
  });

  it('adds a policy (amounts typed with commas) and refreshes the contact, which may have become a client', async () => {
    let policies: Policy[] = [];
    const { client, queryClient } = renderPiece(<PoliciesTab contactId={5} />, {
      ...carriers,
      listPolicies: () => ({ data: policies }),
      createPolicy: () => {
        policies = [policyFixture(7, { policy_type: 'term_life', status: 'issued' })];
        return { data: policies[0] };
      },
    });
    queryClient.setQueryData(contactKeys.detail(5), { data: contactFixture({ id: 5 }) });
    await screen.findByText('No policies yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Add policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add policy' });
    await choose('Policy type', 'Term life');
    await choose('Carrier', 'Aetna');
    await choose('Status', 'Issued');
    await userEvent.type(within(dialog).getByLabelText('Policy number'), 'TL-100');
    await userEvent.type(within(dialog).getByLabelText('Premium'), '1,234.56');
    await userEvent.type(within(dialog).getByLabelText('Effective date'), '2026-05-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save policy' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('row', { name: /Term life/ })).toBeVisible();
    expect(callsOf(client, 'createPolicy')[0]).toMatchObject({
      params: { id: 5 },
      body: {
        policy_type: 'term_life',
        carrier_id: 4,
        status: 'issued',
        policy_number: 'TL-100',
        premium: 1234.56,
        premium_mode: 'monthly',
        face_amount: null,
        effective_date: '2026-05-01',
      },
    });
    expect(queryClient.getQueryState(contactKeys.detail(5))?.isInvalidated).toBe(true);
  });

  it('checks the form before sending and keeps what was typed beside a 422', async () => {
    const { client } = renderPiece(<PoliciesTab contactId={5} />, {
      ...carriers,
      listPolicies: () => ({ data: [] }),
      createPolicy: () => {
        throw unprocessable({ policy_number: 'Policy number is already used for this carrier' });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add policy' });
    await userEvent.type(within(dialog).getByLabelText('Premium'), '12.345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save policy' }));
    expect(await within(dialog).findByText('Choose a policy type')).toBeVisible();
    expect(within(dialog).getByText('Premium must be an amount like 1234.56')).toBeVisible();
    expect(callsOf(client, 'createPolicy')).toHaveLength(0);

    await choose('Policy type', 'Final expense');
    await userEvent.clear(within(dialog).getByLabelText('Premium'));
    await userEvent.type(within(dialog).getByLabelText('Premium'), '45');
    await userEvent.type(within(dialog).getByLabelText('Policy number'), 'FE-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save policy' }));
    expect(await within(dialog).findByText('Policy number is already used for this carrier')).toBeVisible();
    expect(within(dialog).getByLabelText('Policy number')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Policy number')).toHaveValue('FE-1');
    expect(within(dialog).getByLabelText('Premium')).toHaveValue('45');
  });

  it('edits a policy with PATCH', async () => {
    const { client } = renderPiece(<PoliciesTab contactId={5} />, {
      ...carriers,
      listPolicies: () => ({ data: [policyFixture(1)] }),
      updatePolicy: () => ({ data: policyFixture(1, { status: 'in_force' }) }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Medicare Advantage H1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit policy' });
    expect(within(dialog).getByLabelText('Premium')).toHaveValue('1234.5');
    await choose('Status', 'In force');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(client, 'updatePolicy')[0]).toMatchObject({
      params: { id: 5, policyId: 1 },
      body: { status: 'in_force', carrier_id: 3, premium: 1234.5, effective_date: '2026-04-01' },
    });
  });

  it('deletes a policy after confirming', async () => {
    const { client } = renderPiece(<PoliciesTab contactId={5} />, {
      listPolicies: () => ({ data: [policyFixture(1)] }),
      deletePolicy: () => undefined,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Medicare Advantage H1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Medicare Advantage H1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete policy' }));
    await waitFor(() => expect(callsOf(client, 'deletePolicy')).toEqual([{ params: { id: 5, policyId: 1 } }]));
  });
});
