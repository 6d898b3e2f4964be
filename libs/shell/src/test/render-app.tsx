import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { ApiClientProvider, type ApiClient } from '@crm/api-client';
import type { EndpointName } from '@crm/contract';
import { createSessionBridge, SessionProvider, type SessionBridge } from '@crm/session';
import { Toaster } from '@crm/ui';
import { BrandProvider, type AppEnvironment, type BrandConfigInput } from '@crm/variant';
import { testBrand } from './fixtures';

export type CallHandler = (name: EndpointName, options?: unknown) => Promise<unknown>;

/** An api-client whose `call` is a mock answering through `handler`. */
export function mockApiClient(handler: CallHandler) {
  const call = vi.fn(handler);
  const client = {
    call,
    request: vi.fn(),
    download: vi.fn(),
    saveDownload: vi.fn(),
    abortAll: vi.fn(),
  } as unknown as ApiClient;
  return { client, call };
}

export type RenderAppOptions = {
  routes: RouteObject[];
  path: string;
  client: ApiClient;
  brand?: BrandConfigInput;
  environment?: AppEnvironment;
  /** Where the client's 401s go (give the same bridge to createApiClient). */
  bridge?: SessionBridge;
};

/** Renders routes the way an app does: query client, api-client, brand, session, toasts. */
export function renderApp({
  routes,
  path,
  client,
  brand = testBrand,
  environment = 'production',
  bridge = createSessionBridge(),
}: RenderAppOptions) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider bridge={bridge}>
            <Outlet />
          </SessionProvider>
        ),
        children: routes,
      },
    ],
    { initialEntries: [path] },
  );
  const wrap = (node: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <BrandProvider brand={brand} environment={environment}>
          {node}
          <Toaster />
        </BrandProvider>
      </ApiClientProvider>
    </QueryClientProvider>
  );
  const result = render(wrap(<RouterProvider router={router} />));
  return { ...result, router, queryClient };
}
