import type { ReactElement } from 'react';
import type { CurrentUser } from '@crm/contract';
import { createSessionBridge, SessionProvider } from '@crm/session';
import { polyfillResizeObserver, renderRoutes, testBrand, type Handlers } from '@crm/testing';
import type { BrandConfig } from '@crm/variant';

// The API keys panel's scope checkboxes (Radix, inside a form) measure themselves; jsdom has no ResizeObserver.
polyfillResizeObserver();

export type RenderAccountOptions = {
  path?: string;
  user: CurrentUser;
  handlers?: Handlers;
  element: ReactElement;
  /** The brand the screen runs in; testBrand unless given. */
  brand?: BrandConfig;
  /** Other routes, where the screen navigates to (`{ '/': <h1>Home</h1> }`). */
  otherRoutes?: Record<string, ReactElement>;
};

/** Renders `element` at `path` for a signed-in `user` (GET /auth/profile answers it). */
export function renderAccount({
  path = '/account/profile',
  user,
  handlers = {},
  element,
  brand = testBrand,
  otherRoutes = {},
}: RenderAccountOptions) {
  const bridge = createSessionBridge();
  const [pathname] = path.split('?');
  return renderRoutes({
    path,
    handlers: { authProfile: () => user, ...handlers },
    onUnauthorized: bridge.onUnauthorized,
    routes: { ...otherRoutes, [pathname]: element },
    brand,
    layout: (children) => (
      <SessionProvider bridge={bridge} initialUser={user}>
        {children}
      </SessionProvider>
    ),
  });
}
