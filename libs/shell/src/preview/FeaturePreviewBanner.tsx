import { useAppEnvironment } from '@crm/variant';
import { useActiveFlagCookie } from './active-flag';

/**
 * Development, stage and demo builds: a small banner naming the feature being previewed when the
 * `crm_active_flag` cookie is set (spec part 1 §9). Production builds never show it.
 */
export function FeaturePreviewBanner() {
  const environment = useAppEnvironment();
  const flag = useActiveFlagCookie();
  if (environment === 'production' || !flag) return null;
  return (
    <div
      role="region"
      aria-label="Feature preview"
      className="border-b border-border bg-surface px-4 py-1 text-center text-sm text-text"
    >
      Previewing feature: <strong>{flag}</strong>
    </div>
  );
}
