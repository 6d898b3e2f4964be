import { Link } from 'react-router-dom';
import { ACCESS_DENIED } from '@crm/contract';

/** A route the user's role or the feature flags do not allow (spec part 1 §6: 'Access denied!'). */
export function AccessDeniedPage() {
  return (
    <section aria-labelledby="access-denied-title" className="mx-auto max-w-xl py-12 text-center">
      <h1 id="access-denied-title" className="text-2xl font-semibold">
        {ACCESS_DENIED}
      </h1>
      <p className="mt-3 text-muted">Your account does not have access to this page.</p>
      <p className="mt-6">
        <Link to="/" className="font-medium text-primary">
          Go to the dashboard
        </Link>
      </p>
    </section>
  );
}
