import type { ReactElement } from 'react';
import type { CurrentUser } from '@crm/contract';
import { createSessionBridge, SessionProvider } from '@crm/session';
import { makeUser, renderRoutes, testBrand, type Handlers } from '@crm/testing';
import type { BrandConfig } from '@crm/variant';

export type RenderAdminOptions = {
  path: string;
  element: ReactElement;
  handlers?: Handlers;
  user?: CurrentUser;
  brand?: BrandConfig;
  /** More routes beside the screen's (for example where a switch of user lands). */
  routes?: Record<string, ReactElement>;
};

/** Renders an admin screen at `path` for a signed-in administrator. */
export function renderAdmin({
  path,
  element,
  handlers = {},
  user = makeUser({ admin: true, roles: ['admin'], profile: { account_type: 'admin' } }),
  brand = testBrand,
  routes = {},
}: RenderAdminOptions) {
  const bridge = createSessionBridge();
  const [pathname] = path.split('?');
  return renderRoutes({
    path,
    brand,
    handlers: { authProfile: () => user, ...handlers },
    onUnauthorized: bridge.onUnauthorized,
    routes: { ...routes, [pathname as string]: element },
    layout: (children) => (
      <SessionProvider bridge={bridge} initialUser={user}>
        {children}
      </SessionProvider>
    ),
  });
}

/** Radix Select needs pointer capture and scrolling, which jsdom lacks. */
export function polyfillPointer(): void {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
}
