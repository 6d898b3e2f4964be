import type { ReactElement } from 'react';
import { ApiError } from '@crm/api-client';
import type { CurrentUser } from '@crm/contract';
import type { AppEnvironment, BrandConfig } from '@crm/variant';
import { renderRoutes, type Handlers, type RenderRoutesResult } from '@crm/testing';
import { SessionProvider } from '../SessionProvider';
import { createSessionBridge, type SessionBridge } from '../session-bridge';

export function unauthorized(message = 'Invalid email or password', field = 'base'): ApiError {
  return new ApiError(401, { errors: { [field]: message } });
}

export type RenderOptions = {
  path?: string;
  handlers?: Handlers;
  initialUser?: CurrentUser | null;
  /** Route elements by path; `/login` gets a simple placeholder unless given. */
  routes?: Record<string, ReactElement>;
  /** Routes wrapped in the given element (for example <RequireSession />). */
  guarded?: Record<string, ReactElement>;
  guard?: ReactElement;
  /** Renders inside a BrandProvider for this brand. */
  brand?: BrandConfig;
  environment?: AppEnvironment;
};

export type RenderResult = RenderRoutesResult & { bridge: SessionBridge };

/** Renders routes with @crm/testing's providers, inside a SessionProvider whose bridge gets the 401s. */
export function renderWithSession({ initialUser, ...options }: RenderOptions = {}): RenderResult {
  const bridge = createSessionBridge();
  const result = renderRoutes({
    ...options,
    onUnauthorized: bridge.onUnauthorized,
    layout: (children) => (
      <SessionProvider bridge={bridge} initialUser={initialUser}>
        {children}
      </SessionProvider>
    ),
  });
  return { ...result, bridge };
}

/** A promise with its resolve and reject, for answers a test releases when it wants. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
