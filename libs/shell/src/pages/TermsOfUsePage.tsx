import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import { useSession } from '@crm/session';
import { Button } from '@crm/ui';
import { useBrand } from '@crm/variant';
import { BrandText } from './BrandText';
import { PublicLayout } from './PublicLayout';
import { mustAcceptTerms } from './terms';

/**
 * /terms-of-use: the brand's terms. With ?accept=1 and a signed-in user who has not accepted the
 * current terms, "I accept" records the acceptance (PATCH /v1/users/accept_tos), refreshes the
 * session and goes to /. Without a session (or with the terms accepted) it only shows the terms.
 */
export function TermsOfUsePage() {
  const brand = useBrand();
  const [searchParams] = useSearchParams();
  const { user, invalidate, setUser } = useSession();
  const client = useApiClient();
  const navigate = useNavigate();
  const acceptRequested = searchParams.get('accept') === '1';

  // Public pages skip the session check. Asked to accept (say after a reload of
  // /terms-of-use?accept=1), the page checks the session once itself and hands the user to the
  // session. Not a query of its own: a 401 clears the query cache, which would refetch it forever.
  useEffect(() => {
    if (!acceptRequested || user) return;
    const controller = new AbortController();
    client.call('authProfile', { signal: controller.signal }).then(setUser, () => {
      // Signed out (or aborted): the page only shows the terms.
    });
    return () => controller.abort();
  }, [acceptRequested, user, client, setUser]);

  const accept = useMutation({
    mutationFn: () => client.call('acceptTos', { body: {} }),
    onSuccess: async (updated) => {
      // The answer is the updated user: put it in the session first, so the guard of / does not
      // send the user back here on the stale copy, then refetch it.
      setUser(updated);
      await invalidate();
      navigate('/', { replace: true });
    },
  });

  const asking = acceptRequested && mustAcceptTerms(user);

  return (
    <PublicLayout>
      <h1 className="mb-6 text-3xl font-semibold">Terms of use</h1>
      {asking && (
        <p className="mb-6 rounded border border-border bg-surface p-4">
          Please read the terms below. To keep using {brand.name}, confirm that you accept them.
        </p>
      )}
      <BrandText text={brand.termsText} />
      {asking && (
        <div className="mt-8 flex flex-col items-start gap-3 border-t border-border pt-6">
          <Button loading={accept.isPending} onClick={() => accept.mutate()}>
            I accept
          </Button>
          {accept.isError && (
            <p role="alert" className="text-danger">
              Your acceptance could not be saved. Please try again.
            </p>
          )}
        </div>
      )}
    </PublicLayout>
  );
}
