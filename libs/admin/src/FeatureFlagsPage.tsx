import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { FLAG_NAMES, type FlagName, type FlagOverrideRow, type Role } from '@crm/contract';
import { apiErrorMessage, FormError, useSession } from '@crm/session';
import { notifyActiveFlagChange } from '@crm/shell';
import { Card, Notice, Select, Spinner, Table, type TableColumn } from '@crm/ui';
import { useBrand, type BrandConfig } from '@crm/variant';
import { adminKeys, featureFlagsQueryOptions, featuresQueryOptions } from './admin-queries';
import { FLAG_LABELS, roleLabel } from './labels';
import { QuietJobsPanel } from './QuietJobsPanel';

type OverrideChoice = 'default' | 'on' | 'off';

const overrideOptions: { value: OverrideChoice; label: string }[] = [
  { value: 'default', label: 'Brand default' },
  { value: 'on', label: 'On' },
  { value: 'off', label: 'Off' },
];

const NO_PREVIEW = 'none';

type FeatureRow = {
  flag: FlagName;
  brandRule: 'all' | Role[];
  byRole: Partial<Record<Role, boolean>>;
  override: OverrideChoice;
};

function choiceOf(overrides: readonly FlagOverrideRow[], flag: FlagName): OverrideChoice {
  const companyWide = overrides.find((o) => o.flag === flag && o.role === null);
  if (!companyWide) return 'default';
  return companyWide.enabled ? 'on' : 'off';
}

function ruleText(brand: Pick<BrandConfig, 'roleLabels'>, rule: 'all' | Role[]): string {
  if (rule === 'all') return 'Everyone';
  if (rule.length === 0) return 'Nobody';
  return rule.map((role) => roleLabel(brand, role)).join(', ');
}

/**
 * /admin/feature-flags (administrators): every feature with the brand's rule for this environment
 * and its state per role in the company, a company-wide override (on, off or the brand's default),
 * and outside production the feature to preview (the `crm_active_flag` cookie).
 */
export function FeatureFlagsPage() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const brand = useBrand();
  const { invalidate } = useSession();
  const features = useQuery(featuresQueryOptions(client));
  const overrides = useQuery(featureFlagsQueryOptions(client));
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (body: {
      feature_flags?: { flag: FlagName; role: null; enabled: boolean | null }[];
      active_feature_flag?: FlagName | null;
    }) => client.call('updateFeatureFlags', { body }),
    onMutate: () => {
      setNotice(null);
      setError(null);
    },
    onSuccess: async (answer, body) => {
      queryClient.setQueryData(adminKeys.featureFlags(), answer);
      if (body.active_feature_flag !== undefined) {
        notifyActiveFlagChange();
        setNotice(
          answer.active_feature_flag
            ? `Previewing ${FLAG_LABELS[answer.active_feature_flag]}.`
            : 'No feature is previewed.',
        );
      } else {
        const change = body.feature_flags?.[0];
        if (change) {
          const state =
            change.enabled === null ? 'the brand default' : change.enabled ? 'on' : 'off';
          setNotice(`${FLAG_LABELS[change.flag]} is now ${state} for the company.`);
        }
      }
      // The admin's own flags may have changed too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.features() }),
        invalidate(),
      ]);
    },
    onError: (failure) => setError(apiErrorMessage(failure)),
  });

  if (features.isPending || overrides.isPending) return <Spinner label="Loading feature flags" />;
  if (features.isError || overrides.isError) {
    return <FormError message={apiErrorMessage(features.error ?? overrides.error)} />;
  }

  const roles = brand.roleLists.general;
  const byFlag = new Map(features.data.data.map((row) => [row.flag, row]));
  const rows: FeatureRow[] = FLAG_NAMES.filter((flag) => byFlag.has(flag)).map((flag) => {
    const row = byFlag.get(flag)!;
    return {
      flag,
      brandRule: row.brand_rule,
      byRole: row.by_role,
      override: choiceOf(overrides.data.data, flag),
    };
  });
  const environment = features.data.environment;

  const handleOverride = (flag: FlagName, choice: OverrideChoice) => {
    save.mutate({
      feature_flags: [{ flag, role: null, enabled: choice === 'default' ? null : choice === 'on' }],
    });
  };

  const columns: TableColumn<FeatureRow>[] = [
    {
      id: 'feature',
      header: 'Feature',
      rowHeader: true,
      cell: (row) => (
        <span className="flex flex-col">
          <span>{FLAG_LABELS[row.flag]}</span>
          <code className="text-xs font-normal text-muted">{row.flag}</code>
        </span>
      ),
    },
    { id: 'rule', header: 'Brand rule', cell: (row) => ruleText(brand, row.brandRule) },
    {
      id: 'roles',
      header: 'By role in your company',
      cell: (row) => (
        <ul className="flex flex-wrap gap-x-3 gap-y-1">
          {roles
            .filter((role) => row.byRole[role] !== undefined)
            .map((role) => (
              <li key={role} className="whitespace-nowrap">
                {roleLabel(brand, role)}:{' '}
                <span className="font-medium">{row.byRole[role] ? 'on' : 'off'}</span>
              </li>
            ))}
        </ul>
      ),
    },
    {
      id: 'override',
      header: 'Company-wide',
      cell: (row) => (
        <Select
          aria-label={`Company-wide setting for ${FLAG_LABELS[row.flag]}`}
          options={overrideOptions}
          value={row.override}
          disabled={save.isPending}
          onValueChange={(value) => handleOverride(row.flag, value as OverrideChoice)}
          className="min-w-36"
        />
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">Feature flags</h1>
        <p className="text-sm text-muted">
          The brand decides who gets each feature in the {environment} environment; a company-wide
          setting here turns a feature on or off for everyone in your company.
        </p>
      </div>
      <Notice message={notice} />
      <FormError message={error} />
      <Table
        caption="Features"
        captionHidden
        columns={columns}
        rows={rows}
        getRowKey={(row) => row.flag}
      />
      {environment !== 'production' && (
        <Card title="Preview a feature">
          <div className="flex max-w-md flex-col gap-2">
            <p className="text-sm text-muted">
              Outside production, the previewed feature is named in a banner on every page.
            </p>
            <label htmlFor="preview-feature" className="text-sm font-medium text-text">
              Preview
            </label>
            <Select
              id="preview-feature"
              options={[
                { value: NO_PREVIEW, label: 'None' },
                ...rows.map((row) => ({ value: row.flag, label: FLAG_LABELS[row.flag] })),
              ]}
              value={overrides.data.active_feature_flag ?? NO_PREVIEW}
              disabled={save.isPending}
              onValueChange={(value) =>
                save.mutate({
                  active_feature_flag: value === NO_PREVIEW ? null : (value as FlagName),
                })
              }
            />
          </div>
        </Card>
      )}
      <QuietJobsPanel />
    </div>
  );
}
