import type { ReactElement } from 'react';
import type { CurrentUser } from '@crm/contract';
import { createSessionBridge, SessionProvider } from '@crm/session';
import { renderRoutes, testBrand, type Handlers } from '@crm/testing';

/** Renders `element` at / for a signed-in `user`, with the fake api-client's `handlers`. */
export function renderDashboard({ user, handlers = {}, element }: { user: CurrentUser; handlers?: Handlers; element: ReactElement }) {
  const bridge = createSessionBridge();
  return renderRoutes({
    path: '/',
    handlers: { authProfile: () => user, ...handlers },
    onUnauthorized: bridge.onUnauthorized,
    routes: { '/': element, '/contacts/:id': <h1>Contact page</h1> },
    brand: testBrand,
    layout: (children) => (
      <SessionProvider bridge={bridge} initialUser={user}>
        {children}
      </SessionProvider>
    ),
  });
}
