import { useState } from 'react';
import { Button, cn } from '@crm/ui';
import { apiErrorMessage } from './api-errors';
import { useSessionContext } from './session-context';
import { useEndImpersonation } from './useImpersonation';

export type ImpersonationBannerProps = {
  className?: string;
};

/**
 * While the session is an impersonation (currentUser.impersonated_by): who is signed in as whom,
 * and "Return to my account" (POST /v1/sessions/{id}). Renders nothing otherwise.
 */
export function ImpersonationBanner({ className }: ImpersonationBannerProps) {
  const { user } = useSessionContext();
  const endImpersonation = useEndImpersonation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!user?.impersonated_by) return null;
  const { impersonated_by: impersonator } = user;
  const name = `${user.profile.first_name} ${user.profile.last_name}`.trim() || user.username;

  const handleReturn = async () => {
    setError(null);
    setPending(true);
    try {
      await endImpersonation(user.id);
    } catch (failure) {
      setError(apiErrorMessage(failure));
      setPending(false);
    }
  };

  return (
    <div
      role="region"
      aria-label="Impersonation"
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 border-b border-border bg-primary px-4 py-2 text-sm text-primary-contrast',
        className,
      )}
    >
      <p>
        {impersonator.name} is signed in as <strong>{name}</strong>
        {impersonator.login_type === 'impersonate' ? ' (impersonating)' : ''}.
      </p>
      <div className="flex items-center gap-3">
        {error && (
          <span role="alert" className="font-medium">
            {error}
          </span>
        )}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          loading={pending}
          onClick={handleReturn}
        >
          Return to my account
        </Button>
      </div>
    </div>
  );
}
