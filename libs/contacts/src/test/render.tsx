import type { ReactElement } from 'react';
import type { CurrentUser } from '@crm/contract';
import { createSessionBridge, SessionProvider } from '@crm/session';
import { makeUser, renderRoutes, testBrand, type Handlers } from '@crm/testing';
import type { BrandConfig } from '@crm/variant';

export type RenderContactsOptions = {
  path: string;
  routes: Record<string, ReactElement>;
  handlers?: Handlers;
  user?: CurrentUser;
  brand?: BrandConfig;
};

/** Renders contact screens for a signed-in agent (user id 7 unless given). */
export function renderContacts({ path, routes, handlers = {}, user = makeUser(), brand = testBrand }: RenderContactsOptions) {
  const bridge = createSessionBridge();
  return renderRoutes({
    path,
    brand,
    handlers: { authProfile: () => user, ...handlers },
    onUnauthorized: bridge.onUnauthorized,
    routes,
    layout: (children) => (
      <SessionProvider bridge={bridge} initialUser={user}>
        {children}
      </SessionProvider>
    ),
  });
}

/** Radix Select needs pointer capture and scrolling, which jsdom lacks. */
export function polyfillPointer(): void {
  Element.prototype.setPointerCapture ??= () => undefined;
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
}
