import { useNavigation } from 'react-router-dom';
import { Spinner } from '@crm/ui';

/**
 * The page while the first screen's code loads (the router's hydrate fallback): a spinner that
 * appears only after a moment (animate-appear-late), so a quick load shows nothing at all.
 */
export function RoutePending() {
  return (
    <div className="flex min-h-screen animate-appear-late items-center justify-center bg-bg text-muted">
      <Spinner size="lg" label="Loading the page" />
    </div>
  );
}

/**
 * While the router fetches the next screen's code (or data), the screen in view stays and a thin bar
 * runs along the top of the window; like RoutePending it appears only when the wait lasts.
 */
export function NavigationPending() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1 animate-appear-late overflow-hidden bg-primary/20"
    >
      <div className="h-full w-1/3 animate-pulse bg-primary" />
      <span className="sr-only">Loading the page</span>
    </div>
  );
}
