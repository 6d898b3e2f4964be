import { Link, useLocation } from 'react-router-dom';
import { isBillingPath, useSession } from '@crm/session';

/**
 * While the signed-in account is unpaid (`paid_user?` false; not for an impersonating admin, whom
 * the gates let through): says so and links to /billing. RequireSession sends the user there from
 * every page but profile and billing; the banner keeps it in view on those.
 */
export function UnpaidBanner() {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (!user || user['paid_user?'] || user.impersonated_by) return null;
  return (
    <div
      role="region"
      aria-label="Unpaid account"
      className="flex flex-wrap items-center justify-between gap-3 border-b border-danger bg-surface px-4 py-2 text-sm text-danger"
    >
      <p className="font-medium">Your account is unpaid. Choose a plan to use everything but your profile and billing.</p>
      {!isBillingPath(pathname) && (
        <Link to="/billing" className="font-medium text-danger underline">
          Go to billing
        </Link>
      )}
    </div>
  );
}
