import { useReconnecting } from '@crm/api-client';

/**
 * "Reconnecting…" while reads are being tried again because the service is briefly unavailable
 * (the API answers 503 while its database restarts, or the network is gone). The live region is
 * always there, so screen readers hear both the loss and the return; nothing the user typed is
 * touched.
 */
export function ReconnectingBanner() {
  const reconnecting = useReconnecting();
  return (
    <div role="status" aria-live="polite" className={reconnecting ? 'border-b border-border bg-surface px-4 py-1 text-center text-sm font-medium text-text' : 'sr-only'}>
      {reconnecting ? 'Reconnecting… The service is briefly unavailable; this page will update by itself.' : ''}
    </div>
  );
}
