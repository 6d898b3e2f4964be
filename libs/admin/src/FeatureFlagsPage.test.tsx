import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppEnvironment, FlagName, FlagOverrideRow, Role } from '@crm/contract';
import { callsOf } from '@crm/testing';
import { FeatureFlagsPage } from './FeatureFlagsPage';
import { polyfillPointer, renderAdmin } from './test/render';

beforeAll(polyfillPointer);

function featuresAnswer(environment: AppEnvironment) {
  const byRole = (on: boolean, managerOn = on) =>
    ({ admin: on, sub_admin: on, manager: managerOn, agent: on }) as Record<Role, boolean>;
  return {
    environment,
    data: [
      { flag: 'sms' as FlagName, brand_rule: 'all' as const, by_role: byRole(true) },
      {
        flag: 'reports' as FlagName,
        brand_rule: ['admin', 'manager'] as Role[],
        by_role: { ...byRole(false, true), admin: true, sub_admin: true },
      },
      { flag: 'dialer' as FlagName, brand_rule: [] as Role[], by_role: byRole(false) },
    ],
  };
}

const override = (flag: FlagName, enabled: boolean): FlagOverrideRow => ({
  id: 1,
  flag,
  role: null,
  enabled,
  updated_at: '2025-01-01T00:00:00.000Z',
  updated_by: null,
});

describe('FeatureFlagsPage', () => {
  it("shows each flag's brand rule, its state per role and the company-wide setting", async () => {
    renderAdmin({
      path: '/admin/feature-flags',
      element: <FeatureFlagsPage />,
      handlers: {
        listFeatures: () => featuresAnswer('production'),
        showQuietJobs: () => ({ data: { quiet: false, until: null, reason: null, set_by: null, set_at: null, held_jobs: 0 } }),
        listFeatureFlags: () => ({ data: [override('dialer', true)], active_feature_flag: null }),
      },
    });
    const reports = (await screen.findByRole('rowheader', { name: /Reports/ })).closest('tr')!;
    expect(within(reports).getByText('System Admin, Sales Manager')).toBeInTheDocument();
    expect(within(reports).getByText('Agent:').parentElement).toHaveTextContent('Agent: off');
    expect(within(reports).getByText('Sales Manager:').parentElement).toHaveTextContent(
      'Sales Manager: on',
    );
    const sms = screen.getByRole('rowheader', { name: /SMS/ }).closest('tr')!;
    expect(within(sms).getByText('Everyone')).toBeInTheDocument();
    const dialer = screen.getByRole('rowheader', { name: /Dialer/ }).closest('tr')!;
    expect(within(dialer).getByText('Nobody')).toBeInTheDocument();
    expect(
      screen.getByRole('combobox', { name: 'Company-wide setting for Dialer' }),
    ).toHaveTextContent('On');
    expect(
      screen.getByRole('combobox', { name: 'Company-wide setting for SMS' }),
    ).toHaveTextContent('Brand default');
    // production: no preview
    expect(screen.queryByRole('combobox', { name: 'Preview' })).not.toBeInTheDocument();
  });

  it('saves a company-wide override with PUT feature_flags', async () => {
    const { client } = renderAdmin({
      path: '/admin/feature-flags',
      element: <FeatureFlagsPage />,
      handlers: {
        listFeatures: () => featuresAnswer('production'),
        showQuietJobs: () => ({ data: { quiet: false, until: null, reason: null, set_by: null, set_at: null, held_jobs: 0 } }),
        listFeatureFlags: () => ({ data: [], active_feature_flag: null }),
        updateFeatureFlags: () => ({ data: [override('sms', false)], active_feature_flag: null }),
      },
    });
    const events = userEvent.setup();
    await events.click(
      await screen.findByRole('combobox', { name: 'Company-wide setting for SMS' }),
    );
    await events.click(await screen.findByRole('option', { name: 'Off' }));
    expect(await screen.findByText('SMS is now off for the company.')).toBeInTheDocument();
    expect(callsOf(client, 'updateFeatureFlags')).toEqual([
      { body: { feature_flags: [{ flag: 'sms', role: null, enabled: false }] } },
    ]);
    await waitFor(() =>
      expect(
        screen.getByRole('combobox', { name: 'Company-wide setting for SMS' }),
      ).toHaveTextContent('Off'),
    );
  });

  it('outside production, chooses the previewed feature', async () => {
    const { client } = renderAdmin({
      path: '/admin/feature-flags',
      element: <FeatureFlagsPage />,
      handlers: {
        listFeatures: () => featuresAnswer('demo'),
        showQuietJobs: () => ({ data: { quiet: false, until: null, reason: null, set_by: null, set_at: null, held_jobs: 0 } }),
        listFeatureFlags: () => ({ data: [], active_feature_flag: null }),
        updateFeatureFlags: () => ({ data: [], active_feature_flag: 'reports' as FlagName }),
      },
    });
    const events = userEvent.setup();
    const preview = await screen.findByRole('combobox', { name: 'Preview' });
    expect(preview).toHaveTextContent('None');
    await events.click(preview);
    await events.click(await screen.findByRole('option', { name: 'Reports' }));
    expect(await screen.findByText('Previewing Reports.')).toBeInTheDocument();
    expect(callsOf(client, 'updateFeatureFlags')).toEqual([
      { body: { active_feature_flag: 'reports' } },
    ]);
  });
});
