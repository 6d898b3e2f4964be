import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { ErrorScreen } from './ErrorScreen';
import { reportError } from './report-error';

/** The router's errorElement: reports the route error, then shows the ErrorScreen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    reportError(error, { source: 'router' });
  }, [error]);
  return <ErrorScreen />;
}
